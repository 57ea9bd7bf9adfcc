import { Module } from '@nestjs/common';
import { NewsletterSignupController } from './newsletter-signup.controller';
import { NewsletterSignupService } from './newsletter-signup.service';
import { NewsletterSubscriptionsProjection } from './newsletter-subscriptions.projection';

/** POST /api/newsletter-signup and the newsletter_subscriptions read model. */
@Module({
  controllers: [NewsletterSignupController],
  providers: [NewsletterSignupService, NewsletterSubscriptionsProjection],
})
export class NewsletterSignupModule {}
