import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sent ledger of the mail feature (backend/src/mail/mail-ledger.entity.ts). */
export class MailLedger1795515402567 implements MigrationInterface {
  name = 'MailLedger1795515402567';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "mail_ledger" ("key" text NOT NULL, "client_id" integer NOT NULL, "kind" character varying(40) NOT NULL, ' +
        '"source_id" text NOT NULL, "recipient" text NOT NULL, "data" jsonb NOT NULL DEFAULT \'{}\', ' +
        '"status" character varying(12) NOT NULL DEFAULT \'pending\', "send_after" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        '"attempts" integer NOT NULL DEFAULT \'0\', "interrupted" integer NOT NULL DEFAULT \'0\', "message_id" text NOT NULL, ' +
        '"last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), ' +
        '"updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, ' +
        'CONSTRAINT "PK_643dde8f666f8899f04d7ff1914" PRIMARY KEY ("key"))',
    );
    await q.query('CREATE INDEX "IDX_mail_ledger_status_send_after" ON "mail_ledger" ("status", "send_after")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "public"."IDX_mail_ledger_status_send_after"');
    await q.query('DROP TABLE "mail_ledger"');
  }
}
