import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import { postMultipart } from './codes/codes.test-kit';
import type { EventStore, RecordedEvent } from './event-store/event-store';
import { usernameStreams } from './accounts';
import { PERSONAL_DATA_KEYS, STREAM_NAMES } from './event-store/event-store.module';
import { EVENT_STORE } from './event-store/event-store.tokens';
import type { PersonalDataKeys } from './event-store/personal-data/personal-data-keys';
import { renameLegacyStreams } from './event-store/personal-data/rename-legacy-streams';
import { sealLegacyEvents } from './event-store/personal-data/seal-legacy-events';
import type { StreamNames } from './event-store/personal-data/stream-names';
import { newsletterStreams } from './newsletter-signup';
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
 * changes nothing, and every projection rebuilt equals the live one. Their streams had the old names too (a username, a
 * newsletter address's unsalted sha256): the same command renames them to their salted names, and then no line of a
 * `pg_dump` holds the leaver's address, names, texts or the sha256 of the address.
 */
const sha256 = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

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
    // And the old stream names: the usernames spelled out, the newsletter address by its unsalted sha256.
    const names = app.app.get<StreamNames>(STREAM_NAMES);
    const oldNamed = [
      usernameStreams(names, 1, kept.email),
      usernameStreams(names, 1, gone.email),
      newsletterStreams(names, 1, gone.email),
    ];
    for (const { stream, legacy } of oldNamed) {
      await dataSource.query('UPDATE events SET stream_id = $2 WHERE stream_id = $1', [stream, legacy]);
      await dataSource.query('UPDATE event_streams SET stream_id = $2 WHERE stream_id = $1', [stream, legacy]);
    }
    const streamIds = async () =>
      ((await dataSource.query('SELECT stream_id FROM event_streams')) as { stream_id: string }[]).map((row) => row.stream_id);
    expect(await streamIds()).toEqual(expect.arrayContaining(oldNamed.map(({ legacy }) => legacy)));
    // The leaver deletes the account while the events are plain (its erasure finds no key to erase).
    expect((await leaver.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    await settle();

    const eventsText = async () =>
      (
        (await dataSource.query(`SELECT string_agg(data::text, ' ' ORDER BY position) AS text FROM events`)) as { text: string }[]
      )[0].text.toLowerCase();
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
          STREAM_NAME_SALT: app.env.STREAM_NAME_SALT,
          LOG_LEVEL: 'silent',
        },
        timeout: 400_000,
      },
    ).catch((error: Error & { stderr?: string; signal?: string }) => {
      throw new Error(`seal-legacy failed (${error.signal ?? 'exit'}): ${error.stderr ?? error.message}`);
    });
    expect(stdout).toMatch(/^0 events sealed, 0 sealed as erased, \d+ name nobody$/m);
    // The leaver's deletion released its name in the hashed stream (beside its legacy one): that one is merged.
    expect(stdout).toMatch(/^3 streams renamed to salted names \(1 merged\), 4 events moved$/m);
    expect(await eventsText()).toBe(stored);
    const renamed = await streamIds();
    for (const { stream, legacy } of oldNamed) expect([renamed.includes(stream), renamed.includes(legacy)]).toEqual([true, false]);
    expect((await store.readStream(oldNamed[1].stream)).map((event) => event.type)).toEqual(['KeyReserved', 'KeyReleased']);
    const again = await dataSource.transaction((tx) => renameLegacyStreams((sql, params) => tx.query(sql, params), names));
    expect(again).toEqual({ renamed: 0, merged: 0, events: 0 });
    // The stayer signs in through the renamed stream; the leaver's name is free.
    expect((await new TestClient(app.url).post('/api/login', { username: kept.email, password: 'secret-password' })).status).toBe(200);

    // The leaver's strings are nowhere in the database, nor the unsalted hash of its address, nor any stream named after
    // a username (the stayer's too).
    const dump = async () => {
      const { stdout } = await promisify(execFile)('pg_dump', ['--no-owner', '--data-only', app.db.url], { maxBuffer: 256 * 1024 * 1024 });
      return stdout;
    };
    const leftovers = async () =>
      (await dump())
        .split('\n')
        .filter((line) =>
          [...Object.values(gone), sha256(gone.email), `username-1-${kept.email}`].some((value) =>
            line.toLowerCase().includes(value.toLowerCase()),
          ),
        );
    await until(async () => (await leftovers()).length === 0 || null, 'the mail ledger to forget the leaver', 20_000).catch(
      () => undefined,
    );
    expect((await leftovers()).map((line) => line.slice(0, 200))).toEqual([]);

    // Every projection rebuilt from the sealed events equals the live one.
    expect(await snapshot()).toEqual(live);
    for (const projection of projections.list()) await rebuildProjection(projection, store, dataSource);
    const rebuilt = await snapshot();
    for (const key of Object.keys(live)) expect({ [key]: rebuilt[key] }).toEqual({ [key]: live[key] });
  }, 600_000); // the command starts the whole product once more: minutes on a loaded machine
});
