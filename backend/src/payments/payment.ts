import { USER_STREAM_EVENTS, type SubscriptionStatusChanged } from '../accounts';
import type { Decided, Evolvable } from '../command-pipeline';
import { SELLER_EVENTS, type PaymentEvent, type PaymentFailed, type PaymentSucceeded, type SellerEvent } from './payment.events';

/** What payments folds of `user-{id}` (accounts' stream): the account, and the subscription as last recorded. */
const BILLING_EVENTS = USER_STREAM_EVENTS.pick('UserRegistered', 'UserDeleted', 'SubscriptionStatusChanged');

/** Pure state and decisions of payments: no Nest, no I/O (payment.spec.ts). */

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured.';
export const SELLER_NOT_READY = 'This seller cannot accept payments yet.';
export const SUBSCRIPTIONS_NOT_CONFIGURED = 'Subscriptions are not configured.';
export const ALREADY_SUBSCRIBED = 'Your subscription is already active.';
export const NO_SUBSCRIPTION = 'You have no subscription to manage yet.';
export const INVALID_SIGNATURE = 'Invalid Stripe signature';
/** A signed event without the shape every Stripe event has (id, type, created, data.object): refused, nothing recorded. */
export const MALFORMED_EVENT = 'Malformed Stripe event: it needs an id, a type, created and data.object';

/** A Stripe event id's stream: received or not. */
export interface StripeEventState {
  received: boolean;
}
export const initialStripeEvent: StripeEventState = { received: false };
export const evolveStripeEvent = (state: StripeEventState, event: Evolvable): StripeEventState =>
  event.type === 'StripeEventReceived' ? { received: true } : state;

/** payment-{intentId}: a success is final; failures before it are kept as attempts. */
export interface PaymentState {
  succeeded: boolean;
  failures: number;
}
export const initialPayment: PaymentState = { succeeded: false, failures: 0 };
export function evolvePayment(state: PaymentState, event: Evolvable): PaymentState {
  if (event.type === 'PaymentSucceeded') return { ...state, succeeded: true };
  if (event.type === 'PaymentFailed') return { ...state, failures: state.failures + 1 };
  return state;
}

/** What a signed payment_intent.* event says, read from the intent's metadata (set by us at creation). */
export type PaymentOutcome = { kind: 'succeeded'; data: PaymentSucceeded } | { kind: 'failed'; data: PaymentFailed };

/** One success per intent; a failure after the success (a late or replayed event) changes nothing. */
export function decidePaymentOutcome(state: PaymentState, outcome: PaymentOutcome): { events: PaymentEvent[]; ignored?: string } {
  if (state.succeeded) return { events: [], ignored: outcome.kind === 'succeeded' ? 'already succeeded' : 'failure after success' };
  if (outcome.kind === 'succeeded') return { events: [{ type: 'PaymentSucceeded', data: outcome.data }] };
  return { events: [{ type: 'PaymentFailed', data: outcome.data }] };
}

/** seller-{userId}: the owner's connected account. */
export interface SellerState {
  accountId: string | null;
  tenantId: number;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}
export const initialSeller: SellerState = {
  accountId: null,
  tenantId: 0,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
};
export function evolveSeller(state: SellerState, event: Evolvable): SellerState {
  if (!SELLER_EVENTS.has(event)) return state;
  if (event.type === 'SellerAccountCreated') return { ...state, accountId: event.data.accountId, tenantId: event.data.tenantId };
  const { chargesEnabled, payoutsEnabled, detailsSubmitted } = event.data;
  return { ...state, chargesEnabled, payoutsEnabled, detailsSubmitted };
}

export interface AccountFlags {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** Only a change of what Stripe says about the account is recorded (a status read every page load adds nothing). */
export function decideSellerUpdate(state: SellerState, userId: string, accountId: string, flags: AccountFlags): SellerEvent[] {
  if (state.accountId !== accountId) return [];
  const same =
    state.chargesEnabled === flags.chargesEnabled &&
    state.payoutsEnabled === flags.payoutsEnabled &&
    state.detailsSubmitted === flags.detailsSubmitted;
  return same ? [] : [{ type: 'SellerAccountUpdated', data: { userId, accountId, ...flags } }];
}

/** The fee the platform keeps (cents, rounded), the rest goes to the connected account. */
export const platformFee = (amount: number, percent: number): number => Math.round((amount * percent) / 100);

/** What payments needs from user-{id}: the account, and the subscription as last recorded. */
export interface BillingState {
  exists: boolean;
  deleted: boolean;
  tenantId: number;
  email: string;
  subscriptionStatus: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Per subscription id: event.created of the newest Stripe event applied. */
  lastEventCreated: Record<string, number>;
}
export const initialBilling: BillingState = {
  exists: false,
  deleted: false,
  tenantId: 0,
  email: '',
  subscriptionStatus: 'free',
  customerId: null,
  subscriptionId: null,
  lastEventCreated: {},
};

export function evolveBilling(state: BillingState, event: Evolvable): BillingState {
  if (!BILLING_EVENTS.has(event)) return state;
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      return { ...state, exists: true, tenantId: data.clientId, email: data.email || data.username };
    }
    case 'UserDeleted':
      return { ...state, deleted: true };
    case 'SubscriptionStatusChanged': {
      const { data } = event;
      const subscriptionId = data.stripeSubscriptionId ?? state.subscriptionId;
      const lastEventCreated =
        data.stripeSubscriptionId && data.stripeEventCreated !== undefined
          ? { ...state.lastEventCreated, [data.stripeSubscriptionId]: data.stripeEventCreated }
          : state.lastEventCreated;
      return {
        ...state,
        subscriptionStatus: data.subscriptionStatus,
        customerId: data.stripeCustomerId ?? state.customerId,
        subscriptionId,
        lastEventCreated,
      };
    }
  }
}

/** Stripe's statuses of a subscription that is still running (paid, or being retried). */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);
export const isLiveSubscription = (status: string): boolean => LIVE.has(status);
export const isPaying = (status: string): boolean => status === 'active' || status === 'trialing';

/** A subscription as Stripe returned it when the webhook was handled (retrieved, not the event's snapshot). */
export interface SubscriptionSnapshot {
  id: string;
  status: string;
  customerId: string | null;
  currentPeriodEnd: string | null;
}

/**
 * Records the retrieved subscription on the user, unless the event is older than the newest one applied for that
 * subscription (events arrive out of order), or it would let an ended older subscription overwrite a newer live one.
 */
export function decideSubscription(
  state: BillingState,
  userId: string,
  subscription: SubscriptionSnapshot,
  eventCreated: number,
): { events: Array<Decided<SubscriptionStatusChanged> & { type: 'SubscriptionStatusChanged' }>; ignored?: string } {
  if (!state.exists) return { events: [], ignored: 'unknown user' };
  const last = state.lastEventCreated[subscription.id];
  if (last !== undefined && eventCreated < last) return { events: [], ignored: 'older than the last event applied' };
  const other = state.subscriptionId !== null && state.subscriptionId !== subscription.id;
  if (other && isLiveSubscription(state.subscriptionStatus) && !isLiveSubscription(subscription.status))
    return { events: [], ignored: 'an ended subscription while another is live' };
  const same =
    state.subscriptionId === subscription.id &&
    state.subscriptionStatus === subscription.status &&
    state.customerId === subscription.customerId &&
    last === eventCreated;
  if (same) return { events: [], ignored: 'no change' };
  return {
    events: [
      {
        type: 'SubscriptionStatusChanged',
        data: {
          userId,
          subscriptionStatus: subscription.status,
          stripeCustomerId: subscription.customerId,
          stripeSubscriptionId: subscription.id,
          stripeEventCreated: eventCreated,
          currentPeriodEnd: subscription.currentPeriodEnd,
        },
      },
    ],
  };
}
