import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { masterKeyFrom, newDataKey, subjectHashKeyFrom, hashAddress, unwrapKey, wrapKey } from './field-crypto';

/**
 * The personal-data key table (issue 32 item 1): one data key per subject, wrapped by the master key, in PostgreSQL
 * whatever the event store is. Erasure keeps the row (subject, times) and drops the key: the events encrypted with it
 * stay, unreadable for ever.
 *
 * The table belongs to this folder (scripts/check-feature-sql.mjs): @ownsTables personal_data_keys
 */

export interface LiveKey {
  id: string;
  key: Buffer;
}

/** Keys are kept in memory this long: an erasure made by another process reaches this one within it at the latest. */
const CACHE_MS = 5 * 60_000;
const CACHE_MAX = 10_000;

interface Cached {
  subject: string;
  key: Buffer | null;
  at: number;
}

export class PersonalDataKeys {
  private readonly master: Buffer;
  private readonly hashKey: Buffer;
  /** key id -> key (null: erased or unknown). */
  private readonly byId = new Map<string, Cached>();
  /** subject -> its live key. */
  private readonly live = new Map<string, LiveKey & { at: number }>();

  constructor(
    private readonly pool: Pool,
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.master = masterKeyFrom(secret);
    this.hashKey = subjectHashKeyFrom(secret);
  }

  /** A salted hash of an address, for subject ids (`payer:<hash>`) and stream names. */
  hash(kind: string, address: string): string {
    return hashAddress(this.hashKey, kind, address);
  }

  /** The live key of each subject, made now for a subject that has none (or whose keys were erased). */
  async liveKeys(subjects: Map<string, string | null>): Promise<Map<string, LiveKey>> {
    const found = new Map<string, LiveKey>();
    const missing: [string, string | null][] = [];
    for (const [subject, owner] of subjects) {
      const cached = this.live.get(subject);
      if (cached && this.now() - cached.at < CACHE_MS) found.set(subject, cached);
      else missing.push([subject, owner]);
    }
    if (!missing.length) return found;
    const made = missing.map(([subject, owner]) => {
      const id = randomUUID();
      return { id, subject, owner, wrapped: wrapKey(this.master, id, newDataKey()) };
    });
    await this.pool.query(
      `INSERT INTO personal_data_keys (id, subject, owner, wrapped_key)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bytea[])
       ON CONFLICT (subject) WHERE erased_at IS NULL DO NOTHING`,
      [made.map((m) => m.id), made.map((m) => m.subject), made.map((m) => m.owner), made.map((m) => m.wrapped)],
    );
    const { rows } = await this.pool.query<{ id: string; subject: string; wrapped_key: Buffer }>(
      'SELECT id::text AS id, subject, wrapped_key FROM personal_data_keys WHERE subject = ANY($1::text[]) AND erased_at IS NULL',
      [missing.map(([subject]) => subject)],
    );
    for (const row of rows) {
      const entry = { id: row.id, key: unwrapKey(this.master, row.id, row.wrapped_key), at: this.now() };
      this.remember(row.id, row.subject, entry.key);
      this.live.set(row.subject, entry);
      found.set(row.subject, entry);
    }
    return found;
  }

  /** The keys of these ids; an erased or unknown id has none (its fields read as erased). */
  async keysById(ids: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const out = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.byId.get(id);
      if (cached && this.now() - cached.at < CACHE_MS) out.set(id, cached.key);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const { rows } = await this.pool.query<{ id: string; subject: string; wrapped_key: Buffer | null }>(
      'SELECT id::text AS id, subject, wrapped_key FROM personal_data_keys WHERE id = ANY($1::uuid[])',
      [missing],
    );
    for (const id of missing) out.set(id, null);
    for (const row of rows) {
      const key = row.wrapped_key ? unwrapKey(this.master, row.id, row.wrapped_key) : null;
      this.remember(row.id, row.subject, key);
      out.set(row.id, key);
    }
    for (const id of missing) if (!rows.some((row) => row.id === id)) this.remember(id, '', null);
    return out;
  }

  /**
   * The live subjects the staff's erasures on request find by address (issue 32 item 2): the subject itself when it
   * has a live key (`payer:{hash}`), or the subjects starting with `prefix` whose owner is that address on any tenant
   * (`contact:{messageId}` keys owned by `email:{tenantId}:{hash}`).
   */
  async liveSubjects(where: { subject: string } | { prefix: string; ownerHash: string }): Promise<string[]> {
    const { rows } =
      'subject' in where
        ? await this.pool.query<{ subject: string }>(
            'SELECT DISTINCT subject FROM personal_data_keys WHERE subject = $1 AND erased_at IS NULL',
            [where.subject],
          )
        : await this.pool.query<{ subject: string }>(
            `SELECT DISTINCT subject FROM personal_data_keys
             WHERE starts_with(subject, $1) AND starts_with(owner, 'email:') AND split_part(owner, ':', 3) = $2 AND erased_at IS NULL`,
            [where.prefix, where.ownerHash],
          );
    return rows.map((row) => row.subject).sort();
  }

  /**
   * Erases the subject's keys and the keys it owns (an account owns its codes' keys, its newsletter subscriptions' and
   * contact messages' keys): the rows stay with `erased_at`, the keys are gone. Returns how many keys were erased.
   */
  async erase(subject: string): Promise<number> {
    const { rows } = await this.pool.query<{ subject: string }>(
      `UPDATE personal_data_keys SET wrapped_key = NULL, erased_at = now()
       WHERE (subject = $1 OR owner = $1) AND erased_at IS NULL RETURNING subject`,
      [subject],
    );
    this.forget();
    return rows.length;
  }

  /**
   * Drops every key this process remembers (an erasure made here or seen in the log): erasures are rare, and the keys
   * an erased subject owns are not known here by owner, so the next read asks the table again.
   */
  forget(): void {
    this.live.clear();
    this.byId.clear();
  }

  private remember(id: string, subject: string, key: Buffer | null): void {
    if (this.byId.size >= CACHE_MAX) this.byId.clear();
    if (this.live.size >= CACHE_MAX) this.live.clear();
    this.byId.set(id, { subject, key, at: this.now() });
  }
}
