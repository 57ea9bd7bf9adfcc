import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { DomainError } from '../command-pipeline';
import { INVALID_SIGNATURE, MALFORMED_EVENT, SubscriptionSnapshot } from './payment';
import { RecordStripeEventCommand, StripeEffect } from './record-stripe-event.command';
import { StripeGateway, stripeFailure, WEBHOOK_TOLERANCE_SECONDS } from './stripe.client';

/** A field of a webhook's object, read defensively: the payload's shape depends on the account's API version. */
function field(object: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), object);
}
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const idOf = (value: unknown): string | null => text(value) ?? text(field(value, 'id'));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

/**
 * POST /api/stripe/webhook: the only way payments and subscriptions change. The signature is checked on the exact
 * raw bytes with the SDK (300 s tolerance, into the past and into the future), its shape is checked (a signed event
 * without data.object is 400, not a crash Stripe would retry for days); then what the event means is worked out (a
 * subscription is retrieved from Stripe, so the state written is Stripe's at handling time) and recorded once per
 * Stripe event id.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    private readonly gateway: StripeGateway,
    private readonly commandBus: CommandBus,
    private readonly dataSource: DataSource,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const stripe = this.gateway.require();
    const event = verified(stripe, rawBody, signature, this.gateway.webhookSecrets);
    const effect = await this.effectOf(stripe, event);
    const tenantId = await this.tenantOf(effect);
    const result = await this.commandBus.execute(
      new RecordStripeEventCommand({ id: event.id, type: event.type, created: event.created }, effect, tenantId),
    );
    if (result.ignored) this.logger.log(`${event.type} ${event.id}: ${result.ignored}`);
    return { received: true, duplicate: result.duplicate };
  }

  private async effectOf(stripe: Stripe, event: Stripe.Event): Promise<StripeEffect> {
    const object: unknown = event.data.object;
    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const effect = paymentEffect(event, object);
      if (effect.kind !== 'payment' || effect.outcome.kind !== 'succeeded') return effect;
      // Only a success is mailed about: its payer's address (Stripe may have to be asked for it).
      const data = { ...effect.outcome.data, payerEmail: await payerEmail(stripe, object) };
      return { ...effect, outcome: { kind: 'succeeded', data } };
    }
    if (event.type === 'account.updated') {
      const userId = text(field(object, 'metadata.userId'));
      const accountId = idOf(object);
      if (!userId || !accountId) return { kind: 'none', reason: 'an account that is not a code owner’s' };
      return { kind: 'seller', userId, accountId, flags: accountFlags(object) };
    }
    if (SUBSCRIPTION_EVENTS.has(event.type)) return this.subscriptionEffect(stripe, event.type, object);
    return { kind: 'none', reason: 'not an event payments uses' };
  }

  private async subscriptionEffect(stripe: Stripe, type: string, object: unknown): Promise<StripeEffect> {
    let subscriptionId: string | null;
    let referenceUserId: string | null = null;
    if (type === 'checkout.session.completed') {
      if (field(object, 'mode') !== 'subscription') return { kind: 'none', reason: 'not a subscription checkout' };
      subscriptionId = idOf(field(object, 'subscription'));
      referenceUserId = text(field(object, 'client_reference_id'));
    } else if (type === 'invoice.payment_failed') {
      subscriptionId = idOf(field(object, 'parent.subscription_details.subscription')) ?? idOf(field(object, 'subscription'));
    } else {
      subscriptionId = idOf(object);
    }
    if (!subscriptionId) return { kind: 'none', reason: 'no subscription named' };
    let retrieved: Stripe.Subscription;
    try {
      retrieved = await stripe.subscriptions.retrieve(subscriptionId);
    } catch (error) {
      // Stripe retries a webhook we refuse: a failed read is answered 503 and the event comes again.
      throw stripeFailure(error);
    }
    const snapshot = subscriptionSnapshot(retrieved);
    const customerId = snapshot.customerId;
    const userId =
      [text(field(retrieved, 'metadata.userId')), referenceUserId].find((candidate) => candidate && UUID.test(candidate)) ??
      (customerId ? await this.userOfCustomer(customerId) : null);
    if (!userId) return { kind: 'none', reason: 'no user for this subscription' };
    return { kind: 'subscription', userId, subscription: snapshot };
  }

  /** A subscription started from the hosted pricing table carries no metadata: its customer names the user once known. */
  private async userOfCustomer(customerId: string): Promise<string | null> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      'SELECT user_id FROM billing_subscriptions WHERE customer_id = $1 LIMIT 1',
      [customerId],
    );
    return rows[0]?.user_id ?? null;
  }

  private async tenantOf(effect: StripeEffect): Promise<number> {
    if (effect.kind === 'payment') return effect.outcome.data.tenantId;
    if (effect.kind === 'none') return 1;
    const rows: Array<{ client_id: number }> = await this.dataSource.query(
      'SELECT client_id FROM billing_subscriptions WHERE user_id = $1',
      [effect.userId],
    );
    return rows[0]?.client_id ?? 1;
  }
}

/**
 * The event, if one of our endpoints' secrets signed these exact bytes within the tolerance (the SDK refuses only
 * timestamps too old: one too far in the future is refused here alike) and it has an event's shape; else 400.
 */
function verified(stripe: Stripe, rawBody: Buffer | undefined, signature: string | undefined, secrets: string[]): Stripe.Event {
  const signedAt = signature ? signatureTimestamp(signature) : null;
  if (rawBody && signature && signedAt !== null && signedAt <= Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
    for (const secret of secrets) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      } catch {
        continue; // the next endpoint's secret, if any
      }
      if (!wellFormed(event)) throw DomainError.invalid(MALFORMED_EVENT);
      return event;
    }
  throw DomainError.invalid(INVALID_SIGNATURE);
}

/** The `t=` of a Stripe-Signature header (seconds), or null when there is none or it is not a number. */
function signatureTimestamp(header: string): number | null {
  const value = header
    .split(',')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  return value && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

function wellFormed(event: unknown): event is Stripe.Event {
  const object = field(event, 'data.object');
  return (
    text(field(event, 'id')) !== null &&
    text(field(event, 'type')) !== null &&
    Number.isSafeInteger(field(event, 'created')) &&
    typeof object === 'object' &&
    object !== null &&
    !Array.isArray(object)
  );
}

export function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const periodEnd = field(subscription, 'items.data.0.current_period_end') ?? field(subscription, 'current_period_end');
  return {
    id: subscription.id,
    status: subscription.status,
    customerId: idOf(subscription.customer),
    currentPeriodEnd: typeof periodEnd === 'number' ? new Date(periodEnd * 1000).toISOString() : null,
  };
}

export function accountFlags(account: unknown) {
  return {
    chargesEnabled: field(account, 'charges_enabled') === true,
    payoutsEnabled: field(account, 'payouts_enabled') === true,
    detailsSubmitted: field(account, 'details_submitted') === true,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const address = (value: unknown): string | null => {
  const candidate = text(value)?.trim();
  return candidate && candidate.length <= 254 && EMAIL.test(candidate) ? candidate : null;
};

/** The payer's address on a charge object (expanded latest_charge, or an older API version's charges list). */
const chargeEmail = (charge: unknown): string | null => address(field(charge, 'billing_details.email'));

/**
 * Who to send the receipt to: the intent's receipt_email, else its latest charge's billing_details.email. An event
 * carries latest_charge as an id (events are never expanded), so the intent is read back with latest_charge expanded.
 * Stripe unreachable: 503, and Stripe delivers the event again; Stripe not knowing the intent: no address.
 */
async function payerEmail(stripe: Stripe, intent: unknown): Promise<string | null> {
  const inline =
    address(field(intent, 'receipt_email')) ?? chargeEmail(field(intent, 'latest_charge')) ?? chargeEmail(field(intent, 'charges.data.0'));
  if (inline) return inline;
  const intentId = idOf(intent);
  if (!intentId) return null;
  let retrieved: Stripe.PaymentIntent;
  try {
    retrieved = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeInvalidRequestError') return null;
    throw stripeFailure(error);
  }
  return address(retrieved.receipt_email) ?? chargeEmail(retrieved.latest_charge);
}

/** Our intents carry the product, the code, its owner and the tenant in metadata; others (invoices') are not ours. */
function paymentEffect(event: Stripe.Event, intent: unknown): StripeEffect {
  const qrId = text(field(intent, 'metadata.qrId'));
  const ownerId = text(field(intent, 'metadata.ownerId'));
  const tenantId = Number(field(intent, 'metadata.tenantId'));
  const paymentIntentId = idOf(intent);
  if (!qrId || !ownerId || !paymentIntentId || !Number.isInteger(tenantId) || tenantId < 1)
    return { kind: 'none', reason: 'not a payment-link code’s payment' };
  const at = new Date(event.created * 1000).toISOString();
  const common = {
    paymentIntentId,
    amount: Number(field(intent, 'amount')) || 0,
    currency: text(field(intent, 'currency')) ?? 'usd',
    productId: qrId,
    qrId,
    ownerId,
    tenantId,
  };
  if (event.type === 'payment_intent.succeeded') {
    return {
      kind: 'payment',
      paymentIntentId,
      outcome: {
        kind: 'succeeded',
        data: {
          ...common,
          productName: text(field(intent, 'metadata.productName')) ?? '',
          connectedAccountId: idOf(field(intent, 'transfer_data.destination')),
          applicationFeeAmount: Number(field(intent, 'application_fee_amount')) || 0,
          paidAt: at,
        },
      },
    };
  }
  return {
    kind: 'payment',
    paymentIntentId,
    outcome: { kind: 'failed', data: { ...common, message: text(field(intent, 'last_payment_error.message')), failedAt: at } },
  };
}
