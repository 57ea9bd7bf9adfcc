import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { USER_STREAM_EVENTS } from '../accounts';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { PAYMENT_EVENTS, SELLER_EVENTS } from './payment.events';

const CONSUMED = PAYMENT_EVENTS.and(SELLER_EVENTS).and(USER_STREAM_EVENTS.pick('SubscriptionStatusChanged', 'UserDeleted'));

export const PAYMENTS_PROJECTION = 'payments';

/** Listeners told after a batch committed (the cancellation of deleted accounts' subscriptions). */
export type AfterPaymentsBatch = (events: RecordedEvent[]) => void;

/**
 * payments (each payment-link payment), seller_accounts (owners' Connect accounts) and billing_subscriptions (each
 * user's subscription, and whether the account is deleted). Upserts only, so a replay gives the same rows.
 */
@Injectable()
export class PaymentsProjection implements Projection, OnModuleInit {
  readonly name = PAYMENTS_PROJECTION;
  readonly tables = ['payments', 'seller_accounts', 'billing_subscriptions'];
  readonly eventTypes = CONSUMED.types;
  private readonly listeners: AfterPaymentsBatch[] = [];

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  onBatch(listener: AfterPaymentsBatch): void {
    this.listeners.push(listener);
  }

  async afterCommit(events: RecordedEvent[]): Promise<void> {
    for (const listener of this.listeners) listener(events);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      switch (event.type) {
        case 'PaymentSucceeded': {
          const d = event.data;
          await tx.query(
            `INSERT INTO payments (id, client_id, qr_id, owner_id, amount, currency, status, application_fee_amount, paid_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'succeeded', $7, $8)
             ON CONFLICT (id) DO UPDATE SET status = 'succeeded', amount = EXCLUDED.amount, currency = EXCLUDED.currency,
               application_fee_amount = EXCLUDED.application_fee_amount, paid_at = EXCLUDED.paid_at, failure_message = NULL`,
            [d.paymentIntentId, d.tenantId, d.qrId, d.ownerId, d.amount, d.currency, d.applicationFeeAmount, d.paidAt],
          );
          break;
        }
        case 'PaymentFailed': {
          const d = event.data;
          // A success is final: a failure never overwrites it (the decision already refuses one; replays too).
          await tx.query(
            `INSERT INTO payments (id, client_id, qr_id, owner_id, amount, currency, status, paid_at, failure_message)
             VALUES ($1, $2, $3, $4, $5, $6, 'failed', $7, $8)
             ON CONFLICT (id) DO UPDATE SET paid_at = EXCLUDED.paid_at, failure_message = EXCLUDED.failure_message
             WHERE payments.status <> 'succeeded'`,
            [d.paymentIntentId, d.tenantId, d.qrId, d.ownerId, d.amount, d.currency, d.failedAt, d.message],
          );
          break;
        }
        case 'SellerAccountCreated': {
          const d = event.data;
          await tx.query(
            `INSERT INTO seller_accounts (user_id, client_id, account_id) VALUES ($1, $2, $3)
             ON CONFLICT (user_id) DO UPDATE SET account_id = EXCLUDED.account_id`,
            [d.userId, d.tenantId, d.accountId],
          );
          break;
        }
        case 'SellerAccountUpdated': {
          const d = event.data;
          await tx.query(
            'UPDATE seller_accounts SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4 WHERE user_id = $1',
            [d.userId, d.chargesEnabled, d.payoutsEnabled, d.detailsSubmitted],
          );
          break;
        }
        case 'SubscriptionStatusChanged': {
          const d = event.data;
          await tx.query(
            `INSERT INTO billing_subscriptions (user_id, client_id, customer_id, subscription_id, status) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (user_id) DO UPDATE SET status = EXCLUDED.status,
               customer_id = COALESCE(EXCLUDED.customer_id, billing_subscriptions.customer_id),
               subscription_id = COALESCE(EXCLUDED.subscription_id, billing_subscriptions.subscription_id)`,
            [d.userId, event.metadata.tenantId ?? 1, d.stripeCustomerId ?? null, d.stripeSubscriptionId ?? null, d.subscriptionStatus],
          );
          break;
        }
        case 'UserDeleted': {
          const d = event.data;
          await tx.query('UPDATE billing_subscriptions SET user_deleted = true WHERE user_id = $1', [d.userId]);
          break;
        }
      }
    }
  }
}
