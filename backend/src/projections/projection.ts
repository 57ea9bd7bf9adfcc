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
}

export interface Checkpoint {
  name: string;
  position: AllPosition;
}
