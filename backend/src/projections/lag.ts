import type { EntityManager } from 'typeorm';
import type { AllPosition } from '../event-store/event-store';

/** Lag is counted up to this many events (a count of millions on every poll would cost more than it tells). */
export const LAG_COUNT_CAP = 100_000;

export interface ProjectionLag {
  /** Events after the checkpoint that a reader of `$all` can see now, counted up to LAG_COUNT_CAP. */
  events: number;
  /** True when the count reached LAG_COUNT_CAP and stopped there. */
  capped: boolean;
  /** Age in seconds of the oldest of those events; 0 when there is none. */
  seconds: number;
}

/**
 * A projection's lag behind the PostgreSQL event store, the one definition the CLI's `projections status` and the
 * console's Operations page share (issue 28 item 4). It counts what the projection could read next: events after
 * the checkpoint in `$all` order AND under the store's visibility rule (`transaction_id` below the snapshot's xmin,
 * PostgresEventStore's reader rule). An event committed behind a transaction still in flight is not counted yet:
 * no reader, the projection included, can see it before that transaction ends.
 */
export async function projectionLag(db: Pick<EntityManager, 'query'>, checkpoint: AllPosition): Promise<ProjectionLag> {
  const fromStart = checkpoint.commit < 0n;
  const after = fromStart ? 'TRUE' : '(transaction_id, position) > ($1::text::xid8, $2::bigint)';
  const params = fromStart ? [] : [checkpoint.commit.toString(), checkpoint.prepare.toString()];
  const visible = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
  const [row] = (await db.query(
    `SELECT (SELECT count(*)::int FROM (SELECT 1 FROM events WHERE ${after} AND ${visible} LIMIT ${LAG_COUNT_CAP}) behind) AS n,
            (SELECT metadata->>'occurredAt' FROM events WHERE ${after} AND ${visible} ORDER BY transaction_id, position LIMIT 1) AS at`,
    params,
  )) as { n: number; at: string | null }[];
  const events = row?.n ?? 0;
  if (!events) return { events: 0, capped: false, seconds: 0 };
  const at = row.at ? Date.parse(row.at) : NaN;
  return {
    events,
    capped: events >= LAG_COUNT_CAP,
    seconds: Number.isFinite(at) ? Math.max(0, Math.round((Date.now() - at) / 1000)) : 0,
  };
}
