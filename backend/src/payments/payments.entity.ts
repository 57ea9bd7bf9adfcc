import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One PaymentIntent of a payment-link code, as the signed webhooks decided it (PaymentsProjection). */
@Entity({ name: 'payments' })
@Index('IDX_payments_client_qr_paid', ['clientId', 'qrId', 'paidAt'])
export class PaymentEntity {
  /** Stripe's PaymentIntent id. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'qr_id', type: 'uuid' })
  qrId: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  /** Cents. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'varchar', length: 3 })
  currency: string;

  /** 'succeeded' or 'failed'; a success is final. */
  @Column({ type: 'varchar', length: 20 })
  status: string;

  @Column({ name: 'application_fee_amount', type: 'integer', default: 0 })
  applicationFeeAmount: number;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt: Date;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;
}

/** A code owner's Stripe Connect (Express) account and what Stripe last said about it. */
@Entity({ name: 'seller_accounts' })
export class SellerAccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'account_id', type: 'varchar', length: 255 })
  accountId: string;

  @Column({ name: 'charges_enabled', type: 'boolean', default: false })
  chargesEnabled: boolean;

  @Column({ name: 'payouts_enabled', type: 'boolean', default: false })
  payoutsEnabled: boolean;

  @Column({ name: 'details_submitted', type: 'boolean', default: false })
  detailsSubmitted: boolean;
}

/** Each user's subscription as last recorded, and whether the account was deleted (its live subscription is cancelled). */
@Entity({ name: 'billing_subscriptions' })
@Index('IDX_billing_subscriptions_customer', ['customerId'])
export class BillingSubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'client_id', type: 'integer' })
  clientId: number;

  @Column({ name: 'customer_id', type: 'varchar', length: 255, nullable: true })
  customerId: string | null;

  @Column({ name: 'subscription_id', type: 'varchar', length: 255, nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'varchar', length: 50, default: 'free' })
  status: string;

  @Column({ name: 'user_deleted', type: 'boolean', default: false })
  userDeleted: boolean;
}
