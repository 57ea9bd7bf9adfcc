import type { Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import type { NewsletterEvent } from './newsletter-subscription.events';

/**
 * The subscription aggregate: pure, no Nest, no I/O. An address is subscribed once (signing up again changes nothing),
 * confirmed through the link of its confirmation mail (double opt-in: only confirmed addresses get newsletters), and
 * unsubscribed through a signed link; an unsubscribed address may sign up again (and confirm again).
 */
export interface NewsletterSubscriptionState {
  subscribed: boolean;
  confirmed: boolean;
  /** The id of the NewsletterSubscribed event of the current subscription. */
  subscriptionId: string | null;
  /** The tenant whose list the current subscription is on (a legacy stream's subscription may be any tenant's). */
  tenantId: number | null;
}

export const initialSubscription: NewsletterSubscriptionState = {
  subscribed: false,
  confirmed: false,
  subscriptionId: null,
  tenantId: null,
};

export const CONFIRM_LINK_STALE = 'This confirmation link is no longer valid. Please sign up again.';

export function evolveSubscription(state: NewsletterSubscriptionState, event: Evolvable): NewsletterSubscriptionState {
  switch (event.type) {
    case 'NewsletterSubscribed':
      return { subscribed: true, confirmed: false, subscriptionId: event.id ?? null, tenantId: event.metadata?.tenantId ?? state.tenantId };
    case 'NewsletterSubscriptionConfirmed':
      return { ...state, confirmed: true };
    case 'NewsletterUnsubscribed':
      return { ...state, subscribed: false, confirmed: false, subscriptionId: null };
    default:
      return state;
  }
}

/** Subscribes a (normalised) address that is not on the list yet; an address already on it records nothing. */
export function decideSubscribe(state: NewsletterSubscriptionState, email: string): NewsletterEvent[] {
  return state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { email } }];
}

/** Confirms the subscription the link was made for; a second use records nothing; a link of an ended subscription is refused. */
export function decideConfirm(state: NewsletterSubscriptionState, email: string, subscriptionId: string): NewsletterEvent[] {
  if (!state.subscribed || state.subscriptionId !== subscriptionId) throw DomainError.invalid(CONFIRM_LINK_STALE);
  return state.confirmed ? [] : [{ type: 'NewsletterSubscriptionConfirmed', data: { email, subscriptionId } }];
}

/** Unsubscribes a subscribed address; an address not (or no longer) on the list records nothing. */
export function decideUnsubscribe(state: NewsletterSubscriptionState, email: string, via: 'one-click' | 'page'): NewsletterEvent[] {
  return state.subscribed ? [{ type: 'NewsletterUnsubscribed', data: { email, via } }] : [];
}
