import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BodyOf } from '../common/input';
import { contactMessageSchema, type ContactForm } from './contact-message.schemas';
import { SendContactMessageCommand } from './send-contact-message.command';

@Controller('api')
export class ContactController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('contact') @HttpCode(200) send(@BodyOf(contactMessageSchema) form: ContactForm, @Ip() ip: string | undefined) {
    return this.commandBus.execute(new SendContactMessageCommand({ ...form, ip: ip ?? 'unknown' }));
  }
}
