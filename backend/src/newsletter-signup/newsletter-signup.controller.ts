import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SubscribeToNewsletterCommand } from './subscribe-to-newsletter.command';

@Controller('api')
export class NewsletterSignupController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('newsletter-signup') @HttpCode(200) subscribe(@Body() body: unknown) { return this.commandBus.execute(new SubscribeToNewsletterCommand(body)); }
}
