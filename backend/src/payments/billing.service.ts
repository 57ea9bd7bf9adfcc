import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { type AuthUser, userStream } from '../accounts';
import { DomainError, loadStream } from '../command-pipeline';
import { ENV, Env } from '../config/env';
import { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { TenantsService } from '../tenants';
import { ALREADY_SUBSCRIBED, evolveBilling, initialBilling, isLiveSubscription, isPaying, NO_SUBSCRIPTION } from './payment';
import { PaymentsProjection } from './payments.projection';
import { RecordStripeEventCommand } from './record-stripe-event.command';
import { subscriptionSnapshot } from './stripe-webhook.service';
import { StripeGateway, stripeFailure } from './stripe.client';

/** How often live subscriptions of deleted accounts are looked for again (a cancellation that failed is retried). */
const CANCEL_SWEEP_MS = 5 * 60_000;

/**
 * Premium: a Checkout Session in subscription mode, the billing portal, and the cancellation of a deleted account's
 * live subscription. Subscription state itself is only ever written from Stripe's webhooks (StripeWebhookService)
 * and from the cancellation's answer here.
 */
@Injectable()
export class BillingService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Billing');
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly gateway: StripeGateway,
    private readonly tenants: TenantsService,
    private readonly commandBus: CommandBus,
    private readonly dataSource: DataSource,
    private readonly projection: PaymentsProjection,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** POST /api/billing/checkout: Stripe Checkout for Premium; the webhook, not the return, makes the user Premium. */
  async checkout(user: AuthUser): Promise<{ url: string }> {
    const { stripe, priceId } = this.gateway.requirePrice();
    const billing = (await loadStream(this.store, userStream(user.id), initialBilling, evolveBilling)).state;
    if (isPaying(billing.subscriptionStatus)) throw DomainError.conflict(ALREADY_SUBSCRIBED);
    const { origin } = await this.tenants.brand(user.tenantId);
    try {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceId, quantity: 1 }],
        client_reference_id: user.id,
        ...(billing.customerId ? { customer: billing.customerId } : { customer_email: user.email || undefined }),
        subscription_data: { metadata: { userId: user.id, tenantId: String(user.tenantId) } },
        metadata: { userId: user.id },
        success_url: `${origin}/subscribe?checkout=success`,
        cancel_url: `${origin}/subscribe?checkout=cancelled`,
      });
      if (!session.url) throw new Error('no checkout url');
      return { url: session.url };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /** POST /api/billing/portal: Stripe's billing portal for the user's customer ('Manage subscription'). */
  async portal(user: AuthUser): Promise<{ url: string }> {
    const stripe = this.gateway.require();
    const billing = (await loadStream(this.store, userStream(user.id), initialBilling, evolveBilling)).state;
    if (!billing.customerId) throw DomainError.notFound(NO_SUBSCRIPTION);
    const { origin } = await this.tenants.brand(user.tenantId);
    try {
      const session = await stripe.billingPortal.sessions.create({
        customer: billing.customerId,
        return_url: `${origin}/account-settings`,
      });
      return { url: session.url };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  onApplicationBootstrap(): void {
    // Where projections run (all, worker): a batch with UserDeleted starts a sweep; a timer retries failures.
    if (!this.gateway.client || this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS) return;
    this.projection.onBatch((events) => {
      if (events.some((event) => event.type === 'UserDeleted')) void this.sweep();
    });
    this.timer = setInterval(() => void this.sweep(), CANCEL_SWEEP_MS);
    this.timer.unref();
    void this.sweep();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Cancels every live subscription of a deleted account and records Stripe's answer (one sweep at a time). */
  sweep(): Promise<void> {
    this.sweeping ??= this.cancelDeletedAccounts()
      .catch((error: Error) => this.logger.warn(`cancelling deleted accounts' subscriptions failed: ${error.message}`))
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async cancelDeletedAccounts(): Promise<void> {
    const stripe = this.gateway.client;
    if (!stripe) return;
    const rows: Array<{ user_id: string; client_id: number; subscription_id: string }> = await this.dataSource.query(
      `SELECT user_id, client_id, subscription_id FROM billing_subscriptions
       WHERE user_deleted AND subscription_id IS NOT NULL AND status NOT IN ('canceled', 'incomplete_expired', 'free')`,
    );
    for (const row of rows) {
      const subscription = await this.cancel(stripe, row.subscription_id);
      if (!subscription || isLiveSubscription(subscription.status)) continue;
      await this.commandBus.execute(
        new RecordStripeEventCommand(
          // Our own "event": recorded once, like a Stripe event, under an id of its own.
          {
            id: `account-deleted-${row.subscription_id}`,
            type: 'account.deleted.subscription_canceled',
            created: Math.floor(Date.now() / 1000),
          },
          { kind: 'subscription', userId: row.user_id, subscription: subscriptionSnapshot(subscription) },
          row.client_id,
        ),
      );
    }
  }

  private async cancel(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.cancel(subscriptionId, undefined, { idempotencyKey: `cancel-${subscriptionId}` });
    } catch (error) {
      // Already cancelled (in the dashboard, by the portal): read what it is now.
      try {
        return await stripe.subscriptions.retrieve(subscriptionId);
      } catch {
        this.logger.warn(`could not cancel subscription ${subscriptionId}: ${(error as Error).message}`);
        return null;
      }
    }
  }
}
