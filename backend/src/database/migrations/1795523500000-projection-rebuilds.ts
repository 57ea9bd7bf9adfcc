import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operations (issue 19): rebuilds requested from the staff console, carried out by the worker role with their progress
 * written as it goes; who retried or skipped a dead letter; and each projection's running count of events it has read
 * (the console's events per second).
 */
export class ProjectionRebuilds1795523500000 implements MigrationInterface {
  name = 'ProjectionRebuilds1795523500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE projection_rebuilds (
      id uuid PRIMARY KEY,
      projection text NOT NULL,
      requested_by uuid NOT NULL,
      requested_by_email text NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      state text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'running', 'done', 'failed')),
      processed bigint NOT NULL DEFAULT 0,
      total bigint,
      started_at timestamptz,
      swapped_at timestamptz,
      swap_ms integer,
      finished_at timestamptz,
      error text
    )`);
    // One open request per projection: a second click while one waits or runs is refused (409), not queued twice.
    await q.query(
      `CREATE UNIQUE INDEX projection_rebuilds_open ON projection_rebuilds (projection) WHERE state IN ('requested', 'running')`,
    );
    await q.query('CREATE INDEX projection_rebuilds_requested_at ON projection_rebuilds (requested_at DESC)');
    await q.query("ALTER TABLE projection_dead_letters ADD COLUMN resolution text CHECK (resolution IN ('retried', 'skipped'))");
    await q.query('ALTER TABLE projection_dead_letters ADD COLUMN resolved_at timestamptz');
    await q.query('ALTER TABLE projection_dead_letters ADD COLUMN resolved_by_email text');
    await q.query('ALTER TABLE projection_checkpoints ADD COLUMN events_read bigint NOT NULL DEFAULT 0');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE projection_checkpoints DROP COLUMN events_read');
    await q.query('ALTER TABLE projection_dead_letters DROP COLUMN resolved_by_email');
    await q.query('ALTER TABLE projection_dead_letters DROP COLUMN resolved_at');
    await q.query('ALTER TABLE projection_dead_letters DROP COLUMN resolution');
    await q.query('DROP TABLE projection_rebuilds');
  }
}
