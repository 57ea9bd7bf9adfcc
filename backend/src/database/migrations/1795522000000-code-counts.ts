import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `code_counts`: each owner's live codes, static and dynamic, and how many are paused (CodeCountsEntity), filled
 * here from the rows already projected; from then on the codes projection keeps it (issue 16).
 */
export class CodeCounts1795522000000 implements MigrationInterface {
  name = 'CodeCounts1795522000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE TABLE "code_counts" ("client_id" integer NOT NULL, "user_id" uuid NOT NULL, "static_count" integer NOT NULL, ' +
        '"static_paused" integer NOT NULL, "dynamic_count" integer NOT NULL, "dynamic_paused" integer NOT NULL, ' +
        'CONSTRAINT "PK_code_counts" PRIMARY KEY ("client_id", "user_id"))',
    );
    await q.query(
      'INSERT INTO code_counts (client_id, user_id, static_count, static_paused, dynamic_count, dynamic_paused) ' +
        'SELECT client_id, user_id, sum(s), sum(sp), sum(d), sum(dp) FROM (' +
        'SELECT client_id, user_id, count(*) AS s, count(*) FILTER (WHERE is_paused) AS sp, 0 AS d, 0 AS dp ' +
        'FROM qr_codes WHERE NOT is_deleted GROUP BY client_id, user_id UNION ALL ' +
        'SELECT client_id, user_id, 0, 0, count(*), count(*) FILTER (WHERE is_paused) ' +
        'FROM dynamic_qr_codes WHERE NOT is_deleted GROUP BY client_id, user_id) AS owners GROUP BY client_id, user_id',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "code_counts"');
  }
}
