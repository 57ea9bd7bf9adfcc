import { MigrationInterface, QueryRunner } from 'typeorm';

export class EventStore1763780000000 implements MigrationInterface {
  name = 'EventStore1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE event_streams (
      stream_id text PRIMARY KEY,
      revision bigint NOT NULL
    )`);
    await q.query(`CREATE TABLE events (
      position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      revision bigint NOT NULL,
      id uuid NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      CONSTRAINT events_id_key UNIQUE (id),
      CONSTRAINT events_stream_revision_key UNIQUE (stream_id, revision)
    )`);
    await q.query('CREATE INDEX events_all_order ON events (transaction_id, position)');
    await q.query(`CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      commit_position bigint NOT NULL DEFAULT -1,
      prepare_position bigint NOT NULL DEFAULT -1,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE projection_dead_letters (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      projection text NOT NULL,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      commit_position bigint NOT NULL,
      prepare_position bigint NOT NULL,
      error text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT projection_dead_letters_event_key UNIQUE (projection, event_id)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE projection_dead_letters');
    await q.query('DROP TABLE projection_checkpoints');
    await q.query('DROP TABLE events');
    await q.query('DROP TABLE event_streams');
  }
}
