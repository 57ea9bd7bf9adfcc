import { MigrationInterface, QueryRunner } from 'typeorm';

export class CodesReadModels1795316345494 implements MigrationInterface {
  name = 'CodesReadModels1795316345494';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "dynamic_qr_codes" ("id" uuid NOT NULL, "client_id" integer NOT NULL DEFAULT \'1\', "user_id" uuid NOT NULL, ' +
        '"qr_type" character varying(20) NOT NULL DEFAULT \'url\', "qr_data" jsonb NOT NULL DEFAULT \'{}\', "platform" character ' +
        'varying(50), "fg_color" character varying(20) NOT NULL DEFAULT \'#000000\', "bg_color" character varying(20) NOT NULL DEFAULT ' +
        '\'#FFFFFF\', "gradient_color" character varying(20), "qr_style" character varying(20) NOT NULL DEFAULT \'squares\', ' +
        '"dot_shape" character varying(20) NOT NULL DEFAULT \'square\', "corner_shape" character varying(20) NOT NULL DEFAULT ' +
        '\'square\', "inner_corner_shape" character varying(20) NOT NULL DEFAULT \'square\', "outer_corner_color" character ' +
        'varying(20), "inner_corner_color" character varying(20), "error_correction_level" character varying(1) NOT NULL ' +
        'DEFAULT \'M\', "logo_file_path" text, "logo_file_name" character varying(255), "enable_frame" boolean NOT NULL ' +
        'DEFAULT false, "frame_text" character varying(50) NOT NULL DEFAULT \'SCAN ME\', "frame_color" character ' +
        'varying(20) NOT NULL DEFAULT \'#000000\', "frame_text_color" character varying(20) NOT NULL DEFAULT ' +
        '\'#FFFFFF\', "frame_style" character varying(20) NOT NULL DEFAULT \'rounded\', "is_paused" boolean NOT NULL ' +
        'DEFAULT false, "paused_at" TIMESTAMP WITH TIME ZONE, "is_deleted" boolean NOT NULL DEFAULT false, ' +
        '"deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" ' +
        'TIMESTAMP WITH TIME ZONE NOT NULL, "version" integer NOT NULL DEFAULT \'0\', "short_code" character ' +
        'varying(20) NOT NULL, "destination" text NOT NULL, "scan_count" integer NOT NULL DEFAULT \'0\', ' +
        '"last_scanned_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_46aae5038f339b8d22aad3ab31b" UNIQUE ' +
        '("short_code"), CONSTRAINT "PK_5b5936b3fad284c278b142af7cd" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "idx_dynamic_qr_codes_owner" ON "dynamic_qr_codes"  ("client_id", "user_id", "created_at") ');
    await q.query(
      'CREATE TABLE "qr_codes" ("id" uuid NOT NULL, "client_id" integer NOT NULL DEFAULT \'1\', "user_id" uuid NOT NULL, "qr_type" ' +
        'character varying(20) NOT NULL DEFAULT \'url\', "qr_data" jsonb NOT NULL DEFAULT \'{}\', "platform" character varying(50), ' +
        '"fg_color" character varying(20) NOT NULL DEFAULT \'#000000\', "bg_color" character varying(20) NOT NULL DEFAULT \'#FFFFFF\', ' +
        '"gradient_color" character varying(20), "qr_style" character varying(20) NOT NULL DEFAULT \'squares\', "dot_shape" ' +
        "character varying(20) NOT NULL DEFAULT 'square', \"corner_shape\" character varying(20) NOT NULL DEFAULT 'square', " +
        '"inner_corner_shape" character varying(20) NOT NULL DEFAULT \'square\', "outer_corner_color" character varying(20), ' +
        '"inner_corner_color" character varying(20), "error_correction_level" character varying(1) NOT NULL DEFAULT \'M\', ' +
        '"logo_file_path" text, "logo_file_name" character varying(255), "enable_frame" boolean NOT NULL DEFAULT false, ' +
        '"frame_text" character varying(50) NOT NULL DEFAULT \'SCAN ME\', "frame_color" character varying(20) NOT NULL ' +
        'DEFAULT \'#000000\', "frame_text_color" character varying(20) NOT NULL DEFAULT \'#FFFFFF\', "frame_style" ' +
        'character varying(20) NOT NULL DEFAULT \'rounded\', "is_paused" boolean NOT NULL DEFAULT false, "paused_at" ' +
        'TIMESTAMP WITH TIME ZONE, "is_deleted" boolean NOT NULL DEFAULT false, "deleted_at" TIMESTAMP WITH TIME ' +
        'ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, ' +
        '"version" integer NOT NULL DEFAULT \'0\', "qr_mode" character varying(10) NOT NULL DEFAULT \'static\', ' +
        '"url" text, "first_name" character varying(255), "last_name" character varying(255), "email" ' +
        'character varying(255), "phone_number" character varying(20), "notes" text, "image_url" text, ' +
        '"product_name" character varying(100), "product_price" integer, "product_description" text, ' +
        '"pdf_title" character varying(255), "pdf_url" text, "pdf_file_path" text, "pdf_file_name" ' +
        'character varying(255), "pdf_description" text, "image_title" character varying(255), ' +
        '"image_description" text, "image_file_path" text, "image_file_name" character varying(255), ' +
        '"business_name" character varying(255), "review_url" text, "app_name" character ' +
        'varying(255), "app_description" text, "app_store_url" text, "play_store_url" text, ' +
        '"app_category" character varying(50), "app_developer" character varying(255), ' +
        '"email_recipient" character varying(255), "email_subject" text, "email_body" text, ' +
        '"location_address" text, "location_latitude" numeric(10,7), "location_longitude" ' +
        'numeric(10,7), "location_name" character varying(255), "location_description" ' +
        'text, CONSTRAINT "PK_4b7aa338e150a878ce9e2c55c5c" PRIMARY KEY ("id"))',
    );
    await q.query('CREATE INDEX "idx_qr_codes_owner" ON "qr_codes"  ("client_id", "user_id", "created_at") ');
    await q.query(
      'CREATE TABLE "uploaded_files" ("id" uuid NOT NULL, "client_id" integer NOT NULL DEFAULT \'1\', "user_id" uuid NOT NULL, "kind" ' +
        'character varying(10) NOT NULL, "stored_name" character varying(64) NOT NULL, "original_name" character varying(255) NOT NULL, ' +
        '"mime_type" character varying(100) NOT NULL, "size_bytes" integer NOT NULL, "title" character varying(255), "description" ' +
        'text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_f2b75d6b059374b5312efea1cc1" UNIQUE ("stored_name"), ' +
        'CONSTRAINT "PK_e2d47e01bd5be386bf0067b2ed8" PRIMARY KEY ("id"))',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "uploaded_files"');
    await q.query('DROP TABLE "qr_codes"');
    await q.query('DROP INDEX "public"."idx_dynamic_qr_codes_owner"');
    await q.query('DROP TABLE "dynamic_qr_codes"');
  }
}
