import { randomBytes, randomUUID } from 'node:crypto';
import type { NewEvent } from '../event-store';
import './personal-data-erased'; // registers PersonalDataErased as an erasure
import type { PersonalDataKeys } from './personal-data-keys';
import { sealedData, sealPlan, SEAL } from './personal-data-event-store';
import { PersonalDataRegistry, personalData } from './personal-data-registry';

/** A SQL runner on the PostgreSQL event store's database (TypeORM's DataSource.query fits). */
export type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;

export interface LegacySealing {
  /** Events of registered types read without a seal. */
  examined: number;
  /** Of those, sealed now with their subject's live key. */
  sealed: number;
  /** Sealed under an erased key: their subject (or its owner) was erased, so they read as erased from now on. */
  erased: number;
}

const PAGE = 500;

/**
 * The one-time migration of issue 32 (docs/decisions.md): the events appended before sealing existed hold their
 * personal fields in plain text. On the PostgreSQL store this seals them in place: same id, position, type and meaning,
 * only `data` changes (the fields the registry names become sealed strings plus `$pd`), which is the one exception to
 * "events are never rewritten" (appending sealed copies would leave the plain originals in the table and its backups).
 *
 * A subject whose erasure is already recorded (an erased key, a `PersonalDataErased`, a `UserDeleted`), or whose
 * owner's is, gets its old events sealed under an erased key (a tombstone row when none exists): they read as erased,
 * as its newer events do. Every other subject's old events are sealed with its live key (made if it has none), so
 * readers see exactly what they saw before and projections and rebuilds give the same tables.
 *
 * Idempotent: an event with a seal is never touched again (the UPDATE checks it too), and a second run seals nothing.
 * Run it with the product running or stopped; events appended meanwhile are sealed by the store already.
 */
export async function sealLegacyEvents(
  query: Query,
  keys: PersonalDataKeys,
  options: { registry?: PersonalDataRegistry; onProgress?: (done: LegacySealing) => void } = {},
): Promise<LegacySealing> {
  const registry = options.registry ?? personalData;
  const hash = (kind: string, address: string) => keys.hash(kind, address);
  const erased = await erasedSubjects(query, registry);
  const tombstones = new Map<string, string>();
  const result: LegacySealing = { examined: 0, sealed: 0, erased: 0 };
  let after = '0';
  for (;;) {
    const rows = (await query(
      `SELECT position::text AS position, id::text AS id, type, data, metadata FROM events
       WHERE position > $1::bigint AND type = ANY($2::text[]) AND NOT (data ? '${SEAL}')
       ORDER BY position LIMIT ${PAGE}`,
      [after, registry.types()],
    )) as { position: string; id: string; type: string; data: Record<string, unknown>; metadata: NewEvent['metadata'] }[];
    if (!rows.length) break;
    after = rows[rows.length - 1].position;
    result.examined += rows.length;
    const planned = rows.map((row) => ({ row, plan: sealPlan(registry, row, hash) })).filter((one) => one.plan !== null);
    const live = new Map<string, string | null>();
    for (const { plan } of planned) if (!isErased(plan!, erased) && !live.get(plan!.subject)) live.set(plan!.subject, plan!.owner);
    const liveKeys = await keys.liveKeys(live);
    for (const { row, plan } of planned) {
      let data: Record<string, unknown>;
      if (isErased(plan!, erased)) {
        // Sealed with a key nobody keeps, naming an erased key row: the fields read as erased for ever.
        const keyId = tombstones.get(plan!.subject) ?? (await tombstone(query, plan!.subject, plan!.owner));
        tombstones.set(plan!.subject, keyId);
        data = sealedData(row, plan!, keyId, randomBytes(32));
        result.erased += 1;
      } else {
        const key = liveKeys.get(plan!.subject)!;
        data = sealedData(row, plan!, key.id, key.key);
        result.sealed += 1;
      }
      await query(`UPDATE events SET data = $2::jsonb WHERE id = $1::uuid AND NOT (data ? '${SEAL}')`, [row.id, JSON.stringify(data)]);
    }
    options.onProgress?.({ ...result });
  }
  if (result.erased) keys.forget();
  return result;
}

const isErased = (plan: { subject: string; owner: string | null }, erased: Set<string>) =>
  erased.has(plan.subject) || (plan.owner !== null && erased.has(plan.owner));

/** Every subject whose erasure is recorded: erased keys, and the events of the registry's erasure types. */
async function erasedSubjects(query: Query, registry: PersonalDataRegistry): Promise<Set<string>> {
  const subjects = new Set<string>();
  const keyRows = (await query('SELECT DISTINCT subject FROM personal_data_keys WHERE erased_at IS NOT NULL')) as { subject: string }[];
  for (const row of keyRows) subjects.add(row.subject);
  const eventRows = (await query('SELECT type, data FROM events WHERE type = ANY($1::text[])', [registry.erasureTypes()])) as {
    type: string;
    data: Record<string, unknown>;
  }[];
  for (const row of eventRows) {
    const subject = registry.erasedSubject(row.type, row.data);
    if (subject) subjects.add(subject);
  }
  return subjects;
}

/** An erased key row of the subject (its latest, else a new tombstone with no key): what its old events name. */
async function tombstone(query: Query, subject: string, owner: string | null): Promise<string> {
  const [found] = (await query(
    'SELECT id::text AS id FROM personal_data_keys WHERE subject = $1 AND erased_at IS NOT NULL ORDER BY erased_at DESC LIMIT 1',
    [subject],
  )) as { id: string }[];
  if (found) return found.id;
  const id = randomUUID();
  await query('INSERT INTO personal_data_keys (id, subject, owner, wrapped_key, erased_at) VALUES ($1::uuid, $2, $3, NULL, now())', [
    id,
    subject,
    owner,
  ]);
  return id;
}
