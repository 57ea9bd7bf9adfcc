import { LEGACY_STREAM_PATTERN, type StreamNames } from './stream-names';

/** A SQL runner inside one transaction on the PostgreSQL event store's database (a TypeORM EntityManager's query fits). */
export type TransactionQuery = (sql: string, params?: unknown[]) => Promise<unknown[]>;

export interface LegacyRenaming {
  /** Legacy streams renamed to their hashed name. */
  renamed: number;
  /** Of those, how many had a hashed stream already (events appended since the upgrade): merged, legacy events first. */
  merged: number;
  /** Events whose stream id changed. */
  events: number;
}

/**
 * Issue 32 (docs/decisions.md "Stream ids that named a person"): renames every stream whose id names a person
 * (`username-{tenant}-{username}`, `google-{tenant}-{googleId}`, `newsletter-[{tenant}-]{sha256}`) to its salted name
 * (StreamNames.renamed), in `events` and `event_streams`. Run it inside ONE transaction (the caller's): all or nothing.
 *
 * A legacy stream is only ever read as the start of its hashed stream (key-streams.ts, load-subscription.ts), so when
 * the hashed stream exists too its events go after the legacy ones: same order, same folded state, positions unchanged.
 * Both rows of `event_streams` are locked first: an append racing the rename to either name waits, then finds the
 * revision moved (or the row gone) and decides again. Idempotent: a second run finds no legacy name.
 */
export async function renameLegacyStreams(query: TransactionQuery, names: StreamNames): Promise<LegacyRenaming> {
  const result: LegacyRenaming = { renamed: 0, merged: 0, events: 0 };
  const legacy = (await query(
    'SELECT stream_id, revision::text AS revision FROM event_streams WHERE stream_id ~ $1 ORDER BY stream_id FOR UPDATE',
    [LEGACY_STREAM_PATTERN],
  )) as { stream_id: string; revision: string }[];
  for (const { stream_id: from, revision } of legacy) {
    const to = names.renamed(from);
    if (!to) continue;
    const count = BigInt(revision) + 1n; // revisions are 0-based: the legacy stream holds 0..revision
    const [existing] = (await query('SELECT revision::text AS revision FROM event_streams WHERE stream_id = $1 FOR UPDATE', [to])) as {
      revision: string;
    }[];
    if (existing) {
      // The hashed stream's events move behind the legacy ones (no revision collides), then everything takes its name.
      await query('UPDATE events SET stream_id = $1, revision = revision + $3::bigint WHERE stream_id = $2', [from, to, count.toString()]);
      await query('DELETE FROM event_streams WHERE stream_id = $1', [to]);
      result.merged += 1;
    }
    const last = existing ? count + BigInt(existing.revision) : count - 1n;
    await query('UPDATE events SET stream_id = $2 WHERE stream_id = $1', [from, to]);
    await query('UPDATE event_streams SET stream_id = $2, revision = $3::bigint WHERE stream_id = $1', [from, to, last.toString()]);
    result.renamed += 1;
    result.events += Number(last + 1n); // revisions are dense: every event of the stream now under `to`
  }
  return result;
}
