import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test-support/database';
import { until } from '../../test-support/until';
import type { NewEvent } from '../event-store';
import { PostgresEventStore } from '../postgres-event-store';
import { PersonalDataEventStore, SEAL } from './personal-data-event-store';
import { PersonalDataKeys } from './personal-data-keys';
import { emailOwner, PersonalDataRegistry } from './personal-data-registry';

/**
 * Issue 32 item 1: personal fields are sealed at append and opened at read by the one wrapper of the event-store port;
 * the stored rows hold none of them in plain text; erasing a key makes them read as erased, in this process and in
 * any other; events with nothing personal (Scanned) pass untouched and never ask the key table.
 */
const SECRET = 'a-personal-data-secret-for-tests';

/** Shapes like the features' (their own registrations are proven end to end by personal-data-erasure.int-spec.ts). */
interface UserRegistered {
  userId: string;
  clientId: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
}
interface QrCreated {
  qrId: string;
  userId: string;
  mode: string;
  destination: string | null;
  fields: Record<string, unknown>;
}
interface ContactMessageReceived {
  messageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: string;
}
const DELETED_USER = { username: 'Deleted user', email: '[erased]', firstName: 'Deleted', lastName: 'user' };
const registry = new PersonalDataRegistry()
  .register<UserRegistered>('UserRegistered', { subject: (data) => `user:${data.userId}`, fields: DELETED_USER })
  .register<QrCreated>('QrCreated', {
    subject: (data) => `code:${data.qrId}`,
    owner: (data) => `user:${data.userId}`,
    fields: { fields: {}, destination: null },
  })
  .register<ContactMessageReceived>('ContactMessageReceived', {
    subject: (data) => `contact:${data.messageId}`,
    owner: (data, event, hash) => emailOwner(hash, event.metadata.tenantId, data.email),
    fields: { name: '[erased]', email: '[erased]', subject: '[erased]', message: '[erased]' },
  });
let db: TestDatabase;
let pool: Pool;
let raw: PostgresEventStore;
let keys: PersonalDataKeys;
let store: PersonalDataEventStore;

const meta = () => ({
  tenantId: 1,
  actorId: 'system',
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const event = <T>(type: string, data: T): NewEvent<T> => ({ id: randomUUID(), type, data, metadata: meta() });
const registered = (userId: string, tag: string): NewEvent<UserRegistered> =>
  event('UserRegistered', {
    userId,
    clientId: 1,
    username: `user-${tag}`,
    email: `mail-${tag}@example.com`,
    firstName: `First${tag}`,
    lastName: `Last${tag}`,
    passwordHash: null,
  });
const storedText = async (streamId: string) => JSON.stringify((await raw.readStream(streamId)).map((e) => e.data));

beforeAll(async () => {
  db = await createTestDatabase();
  pool = db.pool({ max: 5 });
  raw = new PostgresEventStore(pool, { connectionString: db.url, pollIntervalMs: 100 });
  keys = new PersonalDataKeys(pool, SECRET);
  store = new PersonalDataEventStore(raw, keys, registry);
}, 60_000);

afterAll(async () => {
  await raw?.close();
  await db?.drop();
});

describe('PersonalDataEventStore', () => {
  it('stores personal fields sealed and reads them back as they were appended; the caller keeps its plain event', async () => {
    const tag = randomUUID().slice(0, 8);
    const userId = randomUUID();
    const appended = registered(userId, tag);
    await store.append(`user-${userId}`, [appended], { expectedRevision: 'no_stream' });
    expect(appended.data.email).toBe(`mail-${tag}@example.com`);

    const text = await storedText(`user-${userId}`);
    for (const plain of [`mail-${tag}`, `user-${tag}`, `First${tag}`, `Last${tag}`]) expect(text).not.toContain(plain);
    expect(text).toContain(SEAL);

    const [read] = await store.readStream(`user-${userId}`);
    expect(read.data).toEqual(appended.data);
    // $all shows it once no older transaction of the server is in flight (the visibility rule): waited for.
    const fromAll = await until(
      async () => (await store.readAll({ maxCount: 10_000 })).find((e) => e.id === appended.id),
      'the event in $all',
    );
    expect(fromAll.data).toEqual(appended.data);

    // A retried append of the same event id is the same bytes: the store's idempotent no-op, not a conflict.
    await store.append(`user-${userId}`, [appended], { expectedRevision: 'any' });
    expect(await raw.readStream(`user-${userId}`)).toHaveLength(1);
  });

  it('passes events with nothing personal through untouched, without asking the key table', async () => {
    const before = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_keys');
    const scanned = event('Scanned', { scanId: randomUUID(), qrId: randomUUID(), country: 'DE' });
    const stream = `scans-${randomUUID()}`;
    await store.append(stream, [scanned], { expectedRevision: 'any' });
    const [read] = await store.readStream(stream);
    expect(read.data).toEqual(scanned.data);
    const after = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_data_keys');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("erasing a user makes their fields, and their codes' fields, read as erased here and in another process", async () => {
    const tag = randomUUID().slice(0, 8);
    const userId = randomUUID();
    const qrId = randomUUID();
    await store.append(`user-${userId}`, [registered(userId, tag)], { expectedRevision: 'no_stream' });
    const created = event<QrCreated>('QrCreated', {
      qrId,
      userId,
      mode: 'dynamic',
      destination: `https://example.com/${tag}`,
      fields: { url: `https://example.com/${tag}` },
    });
    await store.append(`qr-${qrId}`, [created], { expectedRevision: 'no_stream' });
    expect(await storedText(`qr-${qrId}`)).not.toContain(tag);
    expect((await store.readStream(`qr-${qrId}`))[0].data).toEqual(created.data);

    // Another process has the keys in memory already.
    const otherKeys = new PersonalDataKeys(pool, SECRET);
    const other = new PersonalDataEventStore(raw, otherKeys, registry);
    expect((await other.readStream(`user-${userId}`))[0].data).toMatchObject({ email: `mail-${tag}@example.com` });

    expect(await keys.erase(`user:${userId}`)).toBe(2);
    expect((await store.readStream(`user-${userId}`))[0].data).toMatchObject(DELETED_USER);
    expect((await store.readStream(`qr-${qrId}`))[0].data).toMatchObject({ qrId, userId, fields: {}, destination: null });

    // The other process learns it from the erasure event in the log (or, at the latest, when its cache expires).
    const erasures = `erasure-${randomUUID()}`;
    await store.append(erasures, [event('PersonalDataErased', { subject: `user:${userId}` })], { expectedRevision: 'any' });
    await other.readStream(erasures);
    expect((await other.readStream(`user-${userId}`))[0].data).toMatchObject(DELETED_USER);

    const { rows } = await pool.query('SELECT wrapped_key, erased_at FROM personal_data_keys WHERE subject = $1', [`user:${userId}`]);
    expect(rows).toEqual([{ wrapped_key: null, erased_at: expect.any(Date) }]);
  });

  it('a subject erased and seen again gets a new key; the erased one stays unreadable', async () => {
    const email = `payer-${randomUUID()}@example.com`;
    const subject = `contact:${randomUUID()}`;
    const first = event('ContactMessageReceived', {
      messageId: subject.slice(8),
      name: 'N',
      email,
      subject: 'S',
      message: 'M',
      inquiryType: 'general',
    });
    await store.append(`contact-${subject.slice(8)}`, [first], { expectedRevision: 'no_stream' });
    await keys.erase(`email:1:${keys.hash('email', email)}`);
    expect((await store.readStream(`contact-${subject.slice(8)}`))[0].data).toMatchObject({ email: '[erased]', message: '[erased]' });
    expect(await storedText(`contact-${subject.slice(8)}`)).not.toContain(email);
  });

  it('a sealed field moved to another event does not open', async () => {
    const userId = randomUUID();
    const [a, b] = [registered(userId, 'a'), registered(userId, 'b')];
    const [sealedA, sealedB] = await store.seal([a, b]);
    const swapped = { ...sealedB, data: { ...(sealedB.data as object), email: (sealedA.data as UserRegistered).email } };
    const recorded = { ...swapped, streamId: 'x', revision: 0n, position: { commit: 0n, prepare: 0n } };
    await expect(store.open([recorded])).rejects.toThrow(/authenticate/);
  });
});
