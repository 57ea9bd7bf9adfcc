import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { BodyOf } from '../common/input';
import { newsletterSignupSchema, type NewsletterSignup } from './newsletter-signup.schemas';
import { SubscribeToNewsletterCommand } from './subscribe-to-newsletter.command';

@Controller('api')
export class NewsletterSignupController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('newsletter-signup') @HttpCode(200) subscribe(@BodyOf(newsletterSignupSchema) body: NewsletterSignup) {
    return this.commandBus.execute(new SubscribeToNewsletterCommand(body.email));
  }
}
