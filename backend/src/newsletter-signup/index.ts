/** The newsletter-signup feature's front door: its events and its signed links. Other features import it only from here. */
export * from './newsletter-subscription.events';
export { confirmToken, unsubscribeToken } from './newsletter-tokens';
