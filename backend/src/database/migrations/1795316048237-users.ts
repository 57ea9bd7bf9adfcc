import { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1795316048237 implements MigrationInterface {
  name = 'Users1795316048237';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "users" ("id" uuid NOT NULL, "client_id" integer NOT NULL DEFAULT \'1\', "username" character varying(255) NOT NULL, ' +
        '"username_key" character varying(255) NOT NULL, "password_hash" text, "first_name" character varying(255) NOT NULL DEFAULT ' +
        '\'\', "last_name" character varying(255) NOT NULL DEFAULT \'\', "email" character varying(255) NOT NULL, "google_id" ' +
        'character varying(255), "roles" text array NOT NULL, "auth_version" integer NOT NULL DEFAULT \'0\', "stripe_customer_id" ' +
        'character varying(255), "stripe_subscription_id" character varying(255), "subscription_status" character varying(50) NOT ' +
        'NULL DEFAULT \'free\', "trial_activated" boolean NOT NULL DEFAULT false, "trial_start_date" TIMESTAMP WITH TIME ZONE, ' +
        '"trial_end_date" TIMESTAMP WITH TIME ZONE, "is_deleted" boolean NOT NULL DEFAULT false, "deleted_at" TIMESTAMP WITH ' +
        'TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ' +
        '("id"))',
    );
    await q.query('CREATE INDEX "IDX_users_client_google" ON "users"  ("client_id", "google_id") ');
    await q.query('CREATE INDEX "IDX_users_client_username" ON "users"  ("client_id", "username_key") ');
    // express-session store: connect-pg-simple's table.sql under our table name. No entity, so the schema diff ignores it.
    await q.query(
      'CREATE TABLE "user_sessions" ("sid" varchar NOT NULL COLLATE "default", "sess" json NOT NULL, "expire" timestamp(6) NOT NULL, ' +
        'CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("sid"))',
    );
    await q.query('CREATE INDEX "IDX_user_sessions_expire" ON "user_sessions" ("expire")');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "user_sessions"');
    await q.query('DROP INDEX "public"."IDX_users_client_username"');
    await q.query('DROP INDEX "public"."IDX_users_client_google"');
    await q.query('DROP TABLE "users"');
  }
}
