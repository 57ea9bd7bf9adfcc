import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AnswerOf, BodyOf } from '../common/input';
import { contactAnswer, type ContactAnswer } from './contact.answers';
import { contactMessageSchema, type ContactForm } from './contact-message.schemas';
import { SendContactMessageCommand } from './send-contact-message.command';

@Controller('api')
export class ContactController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('contact') @HttpCode(200) @AnswerOf(contactAnswer) send(
    @BodyOf(contactMessageSchema) form: ContactForm,
    @Ip() ip: string | undefined,
  ): Promise<ContactAnswer> {
    return this.commandBus.execute(new SendContactMessageCommand({ ...form, ip: ip ?? 'unknown' }));
  }
}
