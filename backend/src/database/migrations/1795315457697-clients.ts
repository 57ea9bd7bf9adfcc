import { MigrationInterface, QueryRunner } from 'typeorm';

export class Clients1795315457697 implements MigrationInterface {
  name = 'Clients1795315457697';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "clients" ("id" integer NOT NULL, "name" character varying(255) NOT NULL, "custom_domain" character varying(255), ' +
        '"subdomain" character varying(63), "logo_url" text, "primary_color" character varying(20) NOT NULL DEFAULT \'#3B82F6\', ' +
        '"secondary_color" character varying(20) NOT NULL DEFAULT \'#1E40AF\', "custom_favicon" text, "remove_qr_code_sharks_branding" ' +
        'boolean NOT NULL DEFAULT false, "custom_css" text, "api_key" character varying(64) NOT NULL, "is_active" boolean NOT NULL ' +
        'DEFAULT true, "is_deleted" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" ' +
        'TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_feaf50caa412935b537a87ad74c" UNIQUE ("custom_domain"), CONSTRAINT ' +
        '"UQ_0d52ba31a6cc66b7948da8b9be5" UNIQUE ("subdomain"), CONSTRAINT "UQ_740fe6d4fd0cd0ff47d766c8e03" UNIQUE ' +
        '("api_key"), CONSTRAINT "PK_f1ab7cf3a5714dbc6bb4e1c28a4" PRIMARY KEY ("id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "clients"');
  }
}
