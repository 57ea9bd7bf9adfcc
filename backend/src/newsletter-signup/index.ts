/** The newsletter-signup feature's front door: its events. Other features import it only from here. */
export * from './newsletter-subscription.events';
