import { Module } from '@nestjs/common';
import { NewsletterLinks } from './newsletter-links.command';
import { NewsletterSignupController } from './newsletter-signup.controller';
import { NewsletterSubscriptionsProjection } from './newsletter-subscriptions.projection';
import { SubscribeToNewsletterHandler } from './subscribe-to-newsletter.command';

/** POST /api/newsletter-signup, the confirmation and unsubscribe links, and the newsletter_subscriptions read model. */
@Module({
  controllers: [NewsletterSignupController],
  providers: [SubscribeToNewsletterHandler, NewsletterSubscriptionsProjection, NewsletterLinks],
})
export class NewsletterSignupModule {}
