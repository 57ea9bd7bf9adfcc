import { eventCatalogue, type EventOf } from '../event-store/typed-events';
import { emailOwner, personalData } from '../event-store/personal-data/personal-data-registry';

/**
 * The payments feature's events (docs/events.md). Streams:
 *   stripe-event-{eventId}  StripeEventReceived: appended with 'no_stream' in the same transaction as what the event
 *                           caused, so each Stripe event is processed once however often it is delivered.
 *   payment-{intentId}      PaymentSucceeded / PaymentFailed of one PaymentIntent of a payment-link code.
 *   seller-{userId}         SellerAccountCreated / SellerAccountUpdated: the owner's Stripe Connect (Express) account.
 *   user-{userId}           SubscriptionStatusChanged (declared by accounts, which owns the stream; payments appends it).
 */
export interface StripeEventReceived {
  eventId: string;
  /** Stripe's event type, e.g. payment_intent.succeeded. */
  stripeType: string;
  /** Stripe's event.created (unix seconds). */
  created: number;
  /** Why the event changed nothing, when it did not (unknown user, an older subscription event, a late failure). */
  ignored?: string;
}

/** A payment-link code's payment, decided by Stripe's signed payment_intent.succeeded (never by the browser). */
export interface PaymentSucceeded {
  paymentIntentId: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  /** The product is the payment code: productId and qrId are the same id. */
  productId: string;
  qrId: string;
  productName: string;
  /** The code's owner, who is paid (destination charge to their connected account). */
  ownerId: string;
  tenantId: number;
  connectedAccountId: string | null;
  applicationFeeAmount: number;
  /** Stripe's event.created as an ISO time: the day the payment counts for. */
  paidAt: string;
  /**
   * The payer's address for the receipt mail: the intent's receipt_email, else its latest charge's
   * billing_details.email (the checkout page sends it at confirmation). Absent on events recorded before it existed,
   * null when Stripe knows no address.
   */
  payerEmail?: string | null;
}

export interface PaymentFailed {
  paymentIntentId: string;
  amount: number;
  currency: string;
  productId: string;
  qrId: string;
  ownerId: string;
  tenantId: number;
  /** Stripe's last_payment_error.message, when it gave one. */
  message: string | null;
  failedAt: string;
}

export interface SellerAccountCreated {
  userId: string;
  tenantId: number;
  accountId: string;
}

export interface SellerAccountUpdated {
  userId: string;
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface PaymentEvents {
  PaymentSucceeded: PaymentSucceeded;
  PaymentFailed: PaymentFailed;
}
export interface SellerEvents {
  SellerAccountCreated: SellerAccountCreated;
  SellerAccountUpdated: SellerAccountUpdated;
}
export type PaymentEvent = EventOf<PaymentEvents>;
export type SellerEvent = EventOf<SellerEvents>;

export const PAYMENT_EVENTS = eventCatalogue<PaymentEvents>({ PaymentSucceeded: true, PaymentFailed: true });
export const SELLER_EVENTS = eventCatalogue<SellerEvents>({ SellerAccountCreated: true, SellerAccountUpdated: true });
export const PAYMENT_EVENT_TYPES = PAYMENT_EVENTS.types;
export const SELLER_EVENT_TYPES = SELLER_EVENTS.types;

export const stripeEventStream = (eventId: string) => `stripe-event-${eventId}`;
export const paymentStream = (paymentIntentId: string) => `payment-${paymentIntentId}`;
export const sellerStream = (userId: string) => `seller-${userId}`;

/**
 * Personal data (issue 32 item 1): the payer's address, sealed with `payer:{hash}` (the staff erase a payer by
 * address), owned by the address (`email:{hash}`).
 */
personalData.register<PaymentSucceeded>('PaymentSucceeded', {
  subject: (data, _event, hash) => (data.payerEmail ? `payer:${hash('payer', data.payerEmail)}` : null),
  owner: (data, _event, hash) => emailOwner(hash, data.tenantId, data.payerEmail),
  fields: { payerEmail: null },
});
