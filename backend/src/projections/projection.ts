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
/**
 * A feature's name for a kind of read model that other, higher features own (issue 29 item 1): a command waits for
 * the role, and the projections that declare they serve it are waited for, so a feature never names another's
 * projection by string nor imports a feature above it. E.g. codes' CODE_REDIRECTS (what /d/ answers from: scans'
 * scan_targets serves it) and accounts' ACCOUNT_CONTENT (what serves a person's codes and files: it stops with
 * UserDeleted).
 */
export interface ReadModelRole {
  readonly role: string;
  readonly description: string;
}

export const readModelRole = (role: string, description: string): ReadModelRole => ({ role, description });

/** What a command or reader waits for: a projection's name (its owner's exported constant) or a role. */
export type WaitTarget = string | ReadModelRole;

export interface Projection {
  readonly name: string;
  /** Roles, declared by the features below this one, that this projection's tables serve (waitFor expands them). */
  readonly serves?: readonly ReadModelRole[];
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
