import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27: `users.email_verified`, set by EmailVerified. Existing rows start false: no account before issue 27 proved
 * its address (docs/decisions.md, 'Issue 27, item 1').
 */
export class EmailVerified1795525000000 implements MigrationInterface {
  name = 'EmailVerified1795525000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" ADD "email_verified" boolean NOT NULL DEFAULT false');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "users" DROP COLUMN "email_verified"');
  }
}
