import { MigrationInterface, QueryRunner } from 'typeorm';

/** The payments feature's read tables (backend/src/payments/payments.entity.ts). */
export class Payments1795515450299 implements MigrationInterface {
  name = 'Payments1795515450299';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "payments" ("id" character varying(255) NOT NULL, "client_id" integer NOT NULL, "qr_id" uuid NOT NULL, ' +
        '"owner_id" uuid NOT NULL, "amount" integer NOT NULL, "currency" character varying(3) NOT NULL, ' +
        '"status" character varying(20) NOT NULL, "application_fee_amount" integer NOT NULL DEFAULT \'0\', ' +
        '"paid_at" TIMESTAMP WITH TIME ZONE NOT NULL, "failure_message" text, ' +
        'CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "IDX_payments_client_qr_paid" ON "payments"  ("client_id", "qr_id", "paid_at") ');
    await q.query(
      'CREATE TABLE "seller_accounts" ("user_id" uuid NOT NULL, "client_id" integer NOT NULL, ' +
        '"account_id" character varying(255) NOT NULL, "charges_enabled" boolean NOT NULL DEFAULT false, ' +
        '"payouts_enabled" boolean NOT NULL DEFAULT false, "details_submitted" boolean NOT NULL DEFAULT false, ' +
        'CONSTRAINT "PK_0bb584cfa8d4067d48dfc6d6d87" PRIMARY KEY ("user_id"))',
    );
    await q.query(
      'CREATE TABLE "billing_subscriptions" ("user_id" uuid NOT NULL, "client_id" integer NOT NULL, ' +
        '"customer_id" character varying(255), "subscription_id" character varying(255), ' +
        '"status" character varying(50) NOT NULL DEFAULT \'free\', "user_deleted" boolean NOT NULL DEFAULT false, ' +
        'CONSTRAINT "PK_486e3b711c50ff527d3c0b99fe7" PRIMARY KEY ("user_id"))',
    );
    await q.query('CREATE INDEX "IDX_billing_subscriptions_customer" ON "billing_subscriptions"  ("customer_id") ');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_billing_subscriptions_customer"');
    await q.query('DROP TABLE "billing_subscriptions"');
    await q.query('DROP TABLE "seller_accounts"');
    await q.query('DROP INDEX "public"."IDX_payments_client_qr_paid"');
    await q.query('DROP TABLE "payments"');
  }
}
