import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 34: a webhook replay read from the store a page at a time, each page its own transaction (webhook-replayer.ts). */
export class WebhookReplays1795525750000 implements MigrationInterface {
  name = 'WebhookReplays1795525750000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "webhook_replays" ("replay_id" uuid NOT NULL, "webhook_id" uuid NOT NULL, "from_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "until_commit" bigint NOT NULL, "until_prepare" bigint NOT NULL, "after_commit" bigint, "after_prepare" bigint,
        "pages" integer NOT NULL DEFAULT '0', "done" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "webhook_replays_pkey" PRIMARY KEY ("replay_id"))`,
    );
    await q.query('CREATE INDEX "IDX_webhook_replays_open" ON "webhook_replays" ("done", "created_at")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "webhook_replays"');
  }
}
