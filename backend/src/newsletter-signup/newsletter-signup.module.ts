import { Module } from '@nestjs/common';
import { NewsletterSignupController } from './newsletter-signup.controller';
import { NewsletterSubscriptionsProjection } from './newsletter-subscriptions.projection';
import { SubscribeToNewsletterHandler } from './subscribe-to-newsletter.command';

/** POST /api/newsletter-signup and the newsletter_subscriptions read model. */
@Module({
  controllers: [NewsletterSignupController],
  providers: [SubscribeToNewsletterHandler, NewsletterSubscriptionsProjection],
})
export class NewsletterSignupModule {}
