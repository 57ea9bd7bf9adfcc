import { MigrationInterface, QueryRunner } from 'typeorm';

export class NewsletterSubscriptions1795316290346 implements MigrationInterface {
  name = 'NewsletterSubscriptions1795316290346';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "newsletter_subscriptions" ("id" uuid NOT NULL, "client_id" integer NOT NULL DEFAULT \'1\', "email" character ' +
        'varying(255) NOT NULL, "subscribed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_deleted" boolean NOT NULL DEFAULT false, ' +
        '"deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_newsletter_subscriptions_email" UNIQUE ("email"), CONSTRAINT ' +
        '"PK_newsletter_subscriptions" PRIMARY KEY ("id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "newsletter_subscriptions"');
  }
}
