import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 30 item 5: the staff console names a running trial ("Free trial (2 days left)"), so the audit projection keeps
 * `staff_users.trial_end_date` from TrialActivated. Rows projected before are filled once from the accounts' own read
 * model, as `projections rebuild audit` would fill them from the events.
 */
export class StaffUsersTrialEnd1795525200000 implements MigrationInterface {
  name = 'StaffUsersTrialEnd1795525200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "staff_users" ADD "trial_end_date" TIMESTAMP WITH TIME ZONE');
    await q.query(
      'UPDATE "staff_users" s SET "trial_end_date" = u."trial_end_date" FROM "users" u ' +
        'WHERE u."id" = s."id" AND u."trial_end_date" IS NOT NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE "staff_users" DROP COLUMN "trial_end_date"');
  }
}
