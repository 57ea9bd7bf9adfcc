import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { postMultipart } from './codes/codes.test-kit';
import type { EventStore, RecordedEvent } from './event-store/event-store';
import { PERSONAL_DATA_KEYS } from './event-store/event-store.module';
import { EVENT_STORE } from './event-store/event-store.tokens';
import type { PersonalDataKeys } from './event-store/personal-data/personal-data-keys';
import { sealLegacyEvents } from './event-store/personal-data/seal-legacy-events';
import { ProjectionsService } from './projections/projections.service';
import { rebuildProjection } from './projections/rebuild';
import { TestClient } from './test-support/http';
import { snapshotReadModels } from './test-support/read-models';
import { startTestApp, type TestApp } from './test-support/test-app';
import { until } from './test-support/until';

/**
 * Issue 32 item 1, the events from before sealing (docs/decisions.md): a database whose events were written in the old,
 * plain shape (two people: one stays, one deletes the account) is sealed in place by the one-time migration; the stayer
 * reads exactly as before, the leaver as erased, nothing of either is left in plain text in `events`, a second run
 * changes nothing, and every projection rebuilt equals the live one.
 */
describe('the one-time sealing of events written before sealing existed', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('seals old-shape events in place, erased for an erased subject, idempotently; rebuilds still give the live tables', async () => {
    const tag = randomUUID().replace(/-/g, '').slice(0, 12);
    const kept = { email: `kept.${tag}@example.com`, firstName: `Keptname${tag}`, text: `Kept note ${tag}`, frame: `Kept frame ${tag}` };
    const gone = { email: `gone.${tag}@example.com`, firstName: `Gonename${tag}`, text: `Gone note ${tag}`, frame: `Gone frame ${tag}` };
    const message = `Kept message ${tag}`;
    const dataSource = app.app.get(DataSource);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const keys = app.app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS);
    const projections = app.app.get(ProjectionsService);
    const settle = async () => expect(await projections.waitFor((await store.headPosition())!, undefined, 60_000)).toBe(true);

    const person = async (who: typeof kept) => {
      const client = new TestClient(app.url);
      const registered = await client.post('/api/register', {
        username: who.email,
        email: who.email,
        password: 'secret-password',
        confirmPassword: 'secret-password',
        firstName: who.firstName,
        lastName: 'Shark',
      });
      expect(registered.status).toBe(200);
      const code = await postMultipart(client, '/api/qrcodes', {
        qrType: 'text',
        text: who.text,
        enableFrame: 'true',
        frameText: who.frame,
      });
      expect(code.status).toBe(201);
      return client;
    };
    await person(kept);
    const leaver = await person(gone);
    const contact = { name: 'Kept Shark', email: kept.email, subject: 'A question', message, inquiryType: 'general' };
    expect((await new TestClient(app.url).post('/api/contact', contact)).status).toBe(200);
    expect((await leaver.post('/api/newsletter-signup', { email: gone.email })).status).toBe(200);
    await settle();

    // The old shape: every sealed event's data replaced by its plain fields (no $pd), and no key exists.
    const sealed = (await dataSource.query(`SELECT id::text AS id, stream_id FROM events WHERE data ? '$pd'`)) as {
      id: string;
      stream_id: string;
    }[];
    expect(sealed.length).toBeGreaterThan(5);
    for (const { id, stream_id } of sealed) {
      const plain = (await store.readStream(stream_id)).find((event) => event.id === id)!;
      await dataSource.query('UPDATE events SET data = $2::jsonb WHERE id = $1::uuid', [id, JSON.stringify(plain.data)]);
    }
    await dataSource.query('DELETE FROM personal_data_keys');
    keys.forget();
    // The leaver deletes the account while the events are plain (its erasure finds no key to erase).
    expect((await leaver.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    await settle();

    const eventsText = async () =>
      ((await dataSource.query(`SELECT string_agg(data::text, ' ') AS text FROM events`)) as { text: string }[])[0].text.toLowerCase();
    const strings = [...Object.values(kept), message, ...Object.values(gone)];
    const inEvents = async () => {
      const text = await eventsText();
      return strings.filter((value) => text.includes(value.toLowerCase()));
    };
    expect(await inEvents()).toEqual(strings);
    const byId = (events: RecordedEvent[]) => new Map(events.map((event) => [event.id, event.data]));
    const before = byId(await store.readAll());
    const snapshot = () => snapshotReadModels(projections, dataSource);
    const live = await snapshot();

    const first = await sealLegacyEvents((sql, params) => dataSource.query(sql, params), keys);
    expect(first.sealed).toBeGreaterThan(0);
    expect(first.erased).toBeGreaterThan(0);
    expect(await inEvents()).toEqual([]);
    expect(((await dataSource.query(`SELECT count(*)::int AS n FROM events WHERE data ? '$pd'`)) as { n: number }[])[0].n).toBe(
      first.sealed + first.erased,
    );

    // The stayer's events read exactly as before; the leaver's as erased.
    const after = byId(await store.readAll());
    const changed = [...before.keys()].filter((id) => JSON.stringify(after.get(id)) !== JSON.stringify(before.get(id)));
    expect(changed).toHaveLength(first.erased);
    const afterText = JSON.stringify([...after.values()]).toLowerCase();
    expect([...Object.values(kept), message].filter((value) => !afterText.includes(value.toLowerCase()))).toEqual([]);
    expect(Object.values(gone).filter((value) => afterText.includes(value.toLowerCase()))).toEqual([]);

    // Again, through the operator's command: nothing to do, not a byte changed.
    const stored = await eventsText();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', 'src/cli/personal-data.ts', 'seal-legacy'],
      {
        cwd: join(__dirname, '..'),
        env: {
          ...process.env,
          SWC_NODE_PROJECT: 'tsconfig.json',
          DATABASE_URL: app.db.url,
          REDIS_URL: app.env.REDIS_URL,
          PERSONAL_DATA_KEY: app.env.PERSONAL_DATA_KEY,
          LOG_LEVEL: 'silent',
        },
        timeout: 60_000,
      },
    );
    expect(stdout).toMatch(/^0 events sealed, 0 sealed as erased, \d+ name nobody$/m);
    expect(await eventsText()).toBe(stored);

    // The leaver's strings are nowhere in the database (the username reservation stream's name is the known gap).
    const dump = async () => {
      const { stdout } = await promisify(execFile)('pg_dump', ['--no-owner', '--data-only', app.db.url], { maxBuffer: 256 * 1024 * 1024 });
      return stdout;
    };
    const leftovers = async () =>
      (await dump())
        .split('\n')
        .filter((line) => Object.values(gone).some((value) => line.toLowerCase().includes(value.toLowerCase())))
        .filter((line) => !line.includes(`username-1-${gone.email}`));
    await until(async () => (await leftovers()).length === 0 || null, 'the mail ledger to forget the leaver', 20_000).catch(
      () => undefined,
    );
    expect((await leftovers()).map((line) => line.slice(0, 200))).toEqual([]);

    // Every projection rebuilt from the sealed events equals the live one.
    expect(await snapshot()).toEqual(live);
    for (const projection of projections.list()) await rebuildProjection(projection, store, dataSource);
    const rebuilt = await snapshot();
    for (const key of Object.keys(live)) expect({ [key]: rebuilt[key] }).toEqual({ [key]: live[key] });
  }, 180_000);
});
