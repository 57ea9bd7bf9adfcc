import type { EntityManager } from 'typeorm';
import type { AllPosition, RecordedEvent } from '../event-store/event-store';

/**
 * Events -> read tables. A projection is applied batch by batch inside one Postgres transaction together
 * with the move of its checkpoint, so each event takes effect exactly once.
 *
 * Rules for projection tables (so `projections rebuild` can copy and swap them): no serial or identity
 * columns (ids come from events), no foreign keys between read tables, write only to the tables listed in
 * `tables` and never with schema-qualified names (rebuild redirects writes through search_path).
 */
export interface Projection {
  readonly name: string;
  /** Read tables this projection owns and fills. */
  readonly tables: readonly string[];
  /** Event types it reacts to; others only move its checkpoint. */
  readonly eventTypes: readonly string[];
  apply(events: RecordedEvent[], tx: EntityManager): Promise<void>;
  /**
   * Optional: runs after the batch committed (live runner only, not during rebuilds), e.g. to publish cache
   * invalidations. Failures are logged, never retried: it must be safe to miss (caches also expire).
   */
  afterCommit?(events: RecordedEvent[]): Promise<void>;
  /**
   * Optional fast path for rebuilds, all three or none. `prepareBulk` creates staging tables (unlogged, in the
   * rebuild schema: unqualified names, like every write); the rebuild applies its replay with `applyBulk`, which
   * may park work there; `finishBulk` turns the staging tables into the read tables in one set-based pass and
   * drops them, before the events that arrived meanwhile go through `apply` and the tables are swapped in.
   */
  prepareBulk?(tx: EntityManager): Promise<void>;
  applyBulk?(events: RecordedEvent[], tx: EntityManager): Promise<void>;
  finishBulk?(tx: EntityManager): Promise<void>;
}

export interface Checkpoint {
  name: string;
  position: AllPosition;
}
