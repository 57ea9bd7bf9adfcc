import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff console (issue 18): the audit log and the console's user and code lists (audit projection), the destination
 * blocklist (codes' blocked_domains, scan_targets' own copy), suspended codes and disabled accounts.
 */
export class StaffConsole1795515721248 implements MigrationInterface {
  name = 'StaffConsole1795515721248';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "audit_events" ("id" uuid NOT NULL, "position" bigint NOT NULL, "prepare" bigint NOT NULL, ' +
        '"stream_id" character varying(300) NOT NULL, "revision" bigint NOT NULL, "type" character varying(64) NOT NULL, ' +
        '"client_id" integer NOT NULL, "actor_id" character varying(64), "actor_email" character varying(255), "user_id" uuid, ' +
        '"qr_id" uuid, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "summary" text NOT NULL, ' +
        '"changes" jsonb NOT NULL DEFAULT \'[]\', "data" jsonb NOT NULL, "metadata" jsonb NOT NULL, ' +
        '"correlation_id" character varying(64), CONSTRAINT "PK_audit_events" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "idx_audit_events_position" ON "audit_events" ("position", "prepare")');
    await q.query('CREATE INDEX "idx_audit_events_client" ON "audit_events" ("client_id", "position")');
    await q.query('CREATE INDEX "idx_audit_events_user" ON "audit_events" ("user_id", "position")');
    await q.query('CREATE INDEX "idx_audit_events_actor" ON "audit_events" ("actor_id", "position")');
    await q.query('CREATE INDEX "idx_audit_events_qr" ON "audit_events" ("qr_id", "position")');
    await q.query('CREATE INDEX "idx_audit_events_type" ON "audit_events" ("type", "position")');
    await q.query('CREATE INDEX "idx_audit_events_occurred" ON "audit_events" ("occurred_at")');

    await q.query(
      'CREATE TABLE "staff_users" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "email" character varying(255) NOT NULL, ' +
        '"username" character varying(255) NOT NULL, "first_name" character varying(255) NOT NULL DEFAULT \'\', ' +
        '"last_name" character varying(255) NOT NULL DEFAULT \'\', "roles" text array NOT NULL DEFAULT \'{}\', ' +
        '"subscription_status" character varying(50) NOT NULL DEFAULT \'free\', "is_disabled" boolean NOT NULL DEFAULT false, ' +
        '"is_deleted" boolean NOT NULL DEFAULT false, "code_count" integer NOT NULL DEFAULT 0, ' +
        '"created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_staff_users" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "idx_staff_users_client_created" ON "staff_users" ("client_id", "created_at")');
    await q.query('CREATE INDEX "idx_staff_users_email" ON "staff_users" ("email")');

    await q.query(
      'CREATE TABLE "staff_codes" ("id" uuid NOT NULL, "client_id" integer NOT NULL, "user_id" uuid NOT NULL, ' +
        '"mode" character varying(10) NOT NULL, "qr_type" character varying(20) NOT NULL, "name" character varying(255), ' +
        '"fields" jsonb NOT NULL DEFAULT \'{}\', "label" character varying(255) NOT NULL, "owner_email" character varying(255), ' +
        '"short_code" character varying(20), "destination" text, "is_paused" boolean NOT NULL DEFAULT false, ' +
        '"has_password" boolean NOT NULL DEFAULT false, "suspension_reason" text, "is_deleted" boolean NOT NULL DEFAULT false, ' +
        '"created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        'CONSTRAINT "PK_staff_codes" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "idx_staff_codes_client_created" ON "staff_codes" ("client_id", "created_at")');
    await q.query('CREATE INDEX "idx_staff_codes_user" ON "staff_codes" ("user_id", "created_at")');

    await q.query(
      'CREATE TABLE "blocked_domains" ("domain" character varying(253) NOT NULL, "client_id" integer NOT NULL DEFAULT 1, ' +
        '"reason" text NOT NULL, "blocked_by" character varying(64), "blocked_at" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        'CONSTRAINT "PK_blocked_domains" PRIMARY KEY ("domain"))',
    );
    await q.query(
      'CREATE TABLE "scan_target_blocks" ("domain" character varying(253) NOT NULL, ' +
        'CONSTRAINT "PK_scan_target_blocks" PRIMARY KEY ("domain"))',
    );
    await q.query('ALTER TABLE "scan_targets" ADD "is_suspended" boolean NOT NULL DEFAULT false');
    await q.query('ALTER TABLE "scan_targets" ADD "is_blocked" boolean NOT NULL DEFAULT false');
    await q.query('ALTER TABLE "scan_targets" ADD "destination_host" character varying(253)');
    // Existing targets get their host here; new ones from the projection (the same lower-cased URL host).
    await q.query(
      'UPDATE "scan_targets" SET "destination_host" = ' +
        'lower(substring("destination" from \'^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#:]+)\'))',
    );
    await q.query('ALTER TABLE "dynamic_qr_codes" ADD "is_suspended" boolean NOT NULL DEFAULT false');
    await q.query('ALTER TABLE "dynamic_qr_codes" ADD "suspension_reason" text');
    await q.query('ALTER TABLE "users" ADD "is_disabled" boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" DROP COLUMN "is_disabled"');
    await q.query('ALTER TABLE "dynamic_qr_codes" DROP COLUMN "suspension_reason"');
    await q.query('ALTER TABLE "dynamic_qr_codes" DROP COLUMN "is_suspended"');
    await q.query('ALTER TABLE "scan_targets" DROP COLUMN "destination_host"');
    await q.query('ALTER TABLE "scan_targets" DROP COLUMN "is_blocked"');
    await q.query('ALTER TABLE "scan_targets" DROP COLUMN "is_suspended"');
    await q.query('DROP TABLE "scan_target_blocks"');
    await q.query('DROP TABLE "blocked_domains"');
    await q.query('DROP TABLE "staff_codes"');
    await q.query('DROP TABLE "staff_users"');
    await q.query('DROP TABLE "audit_events"');
  }
}
