import { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 34: the owners' API keys (a read model) and when each was last used (written by the bearer guard). */
export class ApiKeys1795525634000 implements MigrationInterface {
  name = 'ApiKeys1795525634000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "api_keys" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "owner_id" uuid NOT NULL, ' +
        '"name" character varying(100) NOT NULL, "prefix" character varying(32) NOT NULL, "key_hash" character(64) NOT NULL, ' +
        '"scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, ' +
        'CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "api_keys_owner" ON "api_keys" ("owner_id")');
    await q.query('CREATE INDEX "api_keys_hash" ON "api_keys" ("key_hash")');
    await q.query(
      'CREATE TABLE "api_key_usage" ("key_id" uuid NOT NULL, "last_used_at" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        'CONSTRAINT "api_key_usage_pkey" PRIMARY KEY ("key_id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "api_key_usage"');
    await q.query('DROP INDEX "public"."api_keys_hash"');
    await q.query('DROP INDEX "public"."api_keys_owner"');
    await q.query('DROP TABLE "api_keys"');
  }
}
