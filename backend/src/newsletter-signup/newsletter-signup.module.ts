import { Global, Module } from '@nestjs/common';
import { ConfirmNewsletterSubscriptionHandler } from './confirm-newsletter-subscription.command';
import { NewsletterSubscribersController } from './newsletter-subscribers.controller';
import { NewsletterSignupController } from './newsletter-signup.controller';
import { NewsletterSubscribersQuery } from './newsletter-subscribers.query';
import { NewsletterSubscriptionsProjection } from './newsletter-subscriptions.projection';
import { SubscribeToNewsletterHandler } from './subscribe-to-newsletter.command';
import { UnsubscribeFromNewsletterHandler } from './unsubscribe-from-newsletter.command';

/**
 * POST /api/newsletter-signup, the confirmation and unsubscribe links, and the newsletter_subscriptions read model.
 * Global (like accounts and tenants) for its query port, NewsletterSubscribersQuery, which mail asks.
 */
@Global()
@Module({
  controllers: [NewsletterSignupController, NewsletterSubscribersController],
  providers: [
    SubscribeToNewsletterHandler,
    ConfirmNewsletterSubscriptionHandler,
    UnsubscribeFromNewsletterHandler,
    NewsletterSubscriptionsProjection,
    NewsletterSubscribersQuery,
  ],
  exports: [NewsletterSubscribersQuery],
})
export class NewsletterSignupModule {}
