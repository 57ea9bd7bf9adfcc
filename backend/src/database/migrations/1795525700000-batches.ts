import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 35, batches: the `batches` read model (the owners' batches, their progress, codes made and rows refused). */
export class Batches1795525700000 implements MigrationInterface {
  name = 'Batches1795525700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "batches" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "owner_id" uuid NOT NULL, "name" text NOT NULL,
        "total" integer NOT NULL, "processed" integer NOT NULL DEFAULT '0', "code_ids" uuid array NOT NULL DEFAULT '{}',
        "failed" jsonb NOT NULL DEFAULT '[]', "state" character varying(10) NOT NULL DEFAULT 'queued', "reason" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_55e7ff646e969b61d37eea5be7a" PRIMARY KEY ("id"))`,
    );
    await q.query('CREATE INDEX "IDX_batches_owner" ON "batches" ("client_id", "owner_id", "created_at")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX "IDX_batches_owner"');
    await q.query('DROP TABLE "batches"');
  }
}
