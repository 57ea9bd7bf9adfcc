/** The newsletter-signup feature's front door: its events, its signed links and its query port. Other features import it only from here. */
export * from './newsletter-subscription.events';
export { confirmToken, unsubscribeToken } from './newsletter-tokens';
export { confirmedSubscribersSql, NewsletterSubscribersQuery } from './newsletter-subscribers.query';
export { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
