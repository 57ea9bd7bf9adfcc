import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { NewsletterSignupService } from './newsletter-signup.service';

@Controller('api')
export class NewsletterSignupController {
  constructor(private readonly signups: NewsletterSignupService) {}

  @Post('newsletter-signup') @HttpCode(200) subscribe(@Body() body: unknown) { return this.signups.subscribe(body); }
}
