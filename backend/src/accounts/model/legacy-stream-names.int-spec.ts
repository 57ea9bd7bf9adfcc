import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { envelope } from '../../command-pipeline/command-pipeline';
import type { EventStore } from '../../event-store/event-store';
import { STREAM_NAMES } from '../../event-store/event-store.module';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { StreamNames } from '../../event-store/personal-data/stream-names';
import { FakeGoogle, roundTrip } from '../../test-support/fake-google';
import { TestClient } from '../../test-support/http';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { googleIdStreams, usernameStreams, userStream, type KeyStreamNames } from './user.events';

/**
 * Issue 32, stream names: an account registered before the username's and Google id's reservation streams were named by
 * a salted hash keeps its plain-named streams (`username-{tenant}-{username}`, `google-{tenant}-{googleId}`) until
 * seal-legacy renames them. Every command reads the legacy stream as the start of the hashed one (key-streams.ts):
 * the account signs in, is found by a password reset and by Google, holds its name against a new registration, and its
 * deletion frees both names without writing the legacy one.
 */
describe('accounts whose reservation streams still have their legacy (plain) names', () => {
  let app: TestApp;
  let google: FakeGoogle;
  let names: StreamNames;
  let store: EventStore;
  let dataSource: DataSource;
  beforeAll(async () => {
    google = await FakeGoogle.start();
    app = await startTestApp(google.settings);
    names = app.app.get<StreamNames>(STREAM_NAMES);
    store = app.app.get<EventStore>(EVENT_STORE);
    dataSource = app.app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
    await google?.stop();
  });

  /** What a database from before issue 32 holds: the stream under its plain name, nothing under the hashed one. */
  async function toLegacy(key: KeyStreamNames): Promise<void> {
    await dataSource.transaction(async (tx) => {
      await tx.query('UPDATE events SET stream_id = $2 WHERE stream_id = $1', [key.stream, key.legacy]);
      await tx.query('UPDATE event_streams SET stream_id = $2 WHERE stream_id = $1', [key.stream, key.legacy]);
    });
    expect(await store.readStream(key.stream)).toEqual([]);
    expect((await store.readStream(key.legacy)).map((event) => event.type)).toEqual(['KeyReserved']);
  }
  const types = async (streamId: string) => (await store.readStream(streamId)).map((event) => event.type);
  const register = (email: string) =>
    new TestClient(app.url).post('/api/register', {
      username: email,
      email,
      password: 'secret-password',
      confirmPassword: 'secret-password',
    });

  it('a legacy-named account signs in, is found by a password reset, and blocks a new registration of its name', async () => {
    const email = `Legacy.${randomUUID().slice(0, 8)}@Example.com`;
    const { id } = await signUp(new TestClient(app.url), email);
    const key = usernameStreams(names, 1, email);
    await toLegacy(key);

    const client = new TestClient(app.url);
    const login = await client.post('/api/login', { username: email.toLowerCase(), password: 'secret-password' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ id, username: email });

    expect((await new TestClient(app.url).post('/api/forgot-password', { email })).status).toBe(200);
    expect(await types(userStream(id))).toContain('PasswordResetRequested');

    const again = await register(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'Username already exists' });
    // Nothing was written under either name.
    expect(await types(key.stream)).toEqual([]);
    expect(await types(key.legacy)).toEqual(['KeyReserved']);
  });

  it('a deletion frees both names (the release goes to the hashed stream, the legacy one is never written)', async () => {
    const email = `leaver.${randomUUID().slice(0, 8)}@example.com`;
    const client = new TestClient(app.url);
    const { id } = await signUp(client, email);
    const key = usernameStreams(names, 1, email);
    await toLegacy(key);

    expect((await client.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    expect(await types(key.legacy)).toEqual(['KeyReserved']);
    expect(await types(key.stream)).toEqual(['KeyReleased']);

    const again = await register(email);
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(id);
    expect(await types(key.stream)).toEqual(['KeyReleased', 'KeyReserved']);
    expect(await types(key.legacy)).toEqual(['KeyReserved']);
  });

  it('a Google account with legacy-named streams signs in again as itself, and its deletion frees both of its names', async () => {
    const email = `g.${randomUUID().slice(0, 8)}@gmail.com`;
    const sub = `g-legacy-${randomUUID().slice(0, 8)}`;
    google.nextUser({ sub, email, email_verified: true, given_name: 'Gee' });
    const first = new TestClient(app.url);
    expect((await roundTrip(first)).done.headers.location).toBe('/');
    const { id } = (await first.get('/api/user')).body as { id: string };
    const nameKey = usernameStreams(names, 1, email);
    const googleKey = googleIdStreams(names, 1, sub);
    await toLegacy(nameKey);
    await toLegacy(googleKey);

    google.nextUser({ sub, email, email_verified: true });
    const second = new TestClient(app.url);
    expect((await roundTrip(second)).done.headers.location).toBe('/');
    expect((await second.get('/api/user')).body.id).toBe(id);
    expect((await register(email)).status).toBe(409);

    expect((await second.post('/api/delete-account', { confirmation: email })).status).toBe(200);
    expect(await types(nameKey.stream)).toEqual(['KeyReleased']);
    expect(await types(googleKey.stream)).toEqual(['KeyReleased']);
    // The same Google account signs up afresh: a new user holding both names.
    google.nextUser({ sub, email, email_verified: true });
    const third = new TestClient(app.url);
    expect((await roundTrip(third)).done.headers.location).toBe('/');
    const fresh = (await third.get('/api/user')).body as { id: string };
    expect(fresh.id).not.toBe(id);
    expect(await types(googleKey.stream)).toEqual(['KeyReleased', 'KeyReserved']);
    expect(await types(googleKey.legacy)).toEqual(['KeyReserved']);
  });

  it('a race of registrations of a name whose legacy stream was released lets exactly one win', async () => {
    const email = `racer.${randomUUID().slice(0, 8)}@example.com`;
    const { id } = await signUp(new TestClient(app.url), email);
    const key = usernameStreams(names, 1, email);
    await toLegacy(key);
    // Released in the legacy stream, as an account deleted before the upgrade left it.
    await store.append(key.legacy, [envelope({ type: 'KeyReleased', data: { userId: id } }, { actorId: id, tenantId: 1 })], {
      expectedRevision: 0n,
    });

    const results = await Promise.all(Array.from({ length: 6 }, () => register(email)));
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await types(key.stream)).toEqual(['KeyReserved']);
    expect(await types(key.legacy)).toEqual(['KeyReserved', 'KeyReleased']);
  }, 90_000);
});
