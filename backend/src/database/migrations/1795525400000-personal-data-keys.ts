import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 32 item 1: the personal-data key table (event-store/personal-data/personal-data-keys.ts). One live key per
 * subject (the partial unique index); an erased key keeps its row with `wrapped_key` NULL and `erased_at` set, so
 * the table is also the list of erasures. `owner`: a subject whose erasure erases this key too.
 */
export class PersonalDataKeys1795525400000 implements MigrationInterface {
  name = 'PersonalDataKeys1795525400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "personal_data_keys" (
      "id" uuid PRIMARY KEY,
      "subject" text NOT NULL,
      "owner" text,
      "wrapped_key" bytea,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "erased_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "personal_data_keys_erased" CHECK (("wrapped_key" IS NULL) = ("erased_at" IS NOT NULL))
    )`);
    await q.query('CREATE UNIQUE INDEX "personal_data_keys_live" ON "personal_data_keys" ("subject") WHERE "erased_at" IS NULL');
    await q.query('CREATE INDEX "personal_data_keys_owner" ON "personal_data_keys" ("owner") WHERE "erased_at" IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "personal_data_keys"');
  }
}
