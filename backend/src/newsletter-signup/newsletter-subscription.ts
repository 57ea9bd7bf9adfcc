import type { Evolvable } from '../command-pipeline/command-pipeline';
import type { NewsletterEvent } from './newsletter-subscription.events';

/** The subscription aggregate: pure, no Nest, no I/O. An address is subscribed once; signing up again changes nothing. */
export interface NewsletterSubscriptionState {
  subscribed: boolean;
}

export const initialSubscription: NewsletterSubscriptionState = { subscribed: false };

export function evolveSubscription(state: NewsletterSubscriptionState, event: Evolvable): NewsletterSubscriptionState {
  return event.type === 'NewsletterSubscribed' ? { subscribed: true } : state;
}

/** Subscribes a (normalised) address that is not on the list yet; an address already on it records nothing. */
export function decideSubscribe(state: NewsletterSubscriptionState, email: string): NewsletterEvent[] {
  return state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { email } }];
}
