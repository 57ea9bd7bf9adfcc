import { DataSource } from 'typeorm';
import { parseEnv } from '../../config/env';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { until } from '../../test-support/until';
import { signUp } from '../../test-support/users';

const HOUR = 60 * 60 * 1000;

/**
 * Issue 27 item 3, on the production defaults (no limit or timeout set): an idle timeout of 24 h beside the 14-day
 * lifetime, and sign-in failures answered 429 from the 6th in 15 minutes, with the owner's own device still let in.
 */
describe('sessions and sign-in limits on the production defaults', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-for-tests',
      VISITOR_HASH_SALT: 'a-production-salt-for-tests',
      PERSONAL_DATA_KEY: 'a-production-personal-data-key',
      STREAM_NAME_SALT: 'a-production-stream-name-salt',
    });
  });
  afterAll(() => app.close());

  /** Moves the user's sessions' last use back by `ms`, as if nobody had used them since. */
  const lastUsedAgo = async (userId: string, ms: number) =>
    app.app
      .get(DataSource)
      .query(
        `UPDATE user_sessions SET sess = jsonb_set(sess::jsonb, '{lastSeenAt}', to_jsonb($2::bigint))::json WHERE sess->>'userId' = $1`,
        [userId, Date.now() - ms],
      );
  const lastSeen = async (userId: string): Promise<number[]> =>
    (
      await app.app
        .get(DataSource)
        .query(`SELECT (sess->>'lastSeenAt')::bigint AS last FROM user_sessions WHERE sess->>'userId' = $1`, [userId])
    ).map((row: { last: string }) => Number(row.last));

  it('SESSION_IDLE_TIMEOUT_SECONDS defaults to 24 h and can be set', () => {
    expect(parseEnv({}).SESSION_IDLE_TIMEOUT_SECONDS).toBe(86_400);
    expect(parseEnv({ SESSION_IDLE_TIMEOUT_SECONDS: '1800' }).SESSION_IDLE_TIMEOUT_SECONDS).toBe(1800);
    expect(() => parseEnv({ SESSION_IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/SESSION_IDLE_TIMEOUT_SECONDS/);
  });

  it('a session unused for more than 24 h ends; one used within 24 h goes on and records its use', async () => {
    const client = new TestClient(app.url);
    const { id } = await signUp(client);
    expect((await client.get('/api/user')).status).toBe(200);
    const signedInAt = await lastSeen(id);
    expect(signedInAt).toHaveLength(1);
    expect(Math.abs(signedInAt[0] - Date.now())).toBeLessThan(60_000);

    const expiry = async () =>
      (await app.app.get(DataSource).query(`SELECT expire FROM user_sessions WHERE sess->>'userId' = $1`, [id]))[0]?.expire as Date;
    // As if signed in 4 days ago (10 days left) and last used 23 h ago.
    const endsAt = Date.now() + 10 * 24 * HOUR;
    await app.app.get(DataSource).query(
      `UPDATE user_sessions SET expire = to_timestamp($2::bigint / 1000.0),
         sess = jsonb_set(jsonb_set(sess::jsonb, '{endsAt}', to_jsonb($2::bigint)), '{cookie,expires}', to_jsonb($3::text))::json
       WHERE sess->>'userId' = $1`,
      [id, endsAt, new Date(endsAt).toISOString()],
    );
    await lastUsedAgo(id, 23 * HOUR);
    // The row is re-read once this process's 2 s session cache lets go; the use is then written down again.
    await until(
      async () => (await client.get('/api/user')).status === 200 && (await lastSeen(id))[0] > Date.now() - HOUR,
      'the use recorded',
    );
    expect((await client.get('/api/user')).status).toBe(200);
    // Recording use never moves the end: still 10 days on, not 14 from now (the store keeps whole seconds).
    expect(Math.abs((await expiry()).getTime() - endsAt)).toBeLessThanOrEqual(2000);

    await lastUsedAgo(id, 24 * HOUR + 60_000);
    await until(async () => (await client.get('/api/user')).status === 401, 'the idle session to end');
    expect(await lastSeen(id)).toEqual([]); // destroyed in the store, not only refused
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('a session in use still ends 14 days after sign-in', async () => {
    const client = new TestClient(app.url);
    const { id } = await signUp(client);
    expect((await client.get('/api/user')).status).toBe(200);
    await app.app
      .get(DataSource)
      .query(`UPDATE user_sessions SET sess = jsonb_set(sess::jsonb, '{endsAt}', to_jsonb($2::bigint))::json WHERE sess->>'userId' = $1`, [
        id,
        Date.now() - 1000,
      ]);
    await until(async () => (await client.get('/api/user')).status === 401, 'the session to reach its end');
  });

  it('the 6th failed sign-in on an account in 15 minutes answers 429; the owner on their own device still signs in', async () => {
    const owner = new TestClient(app.url);
    const { email, password } = await signUp(owner); // registering leaves a device cookie for this account
    expect((await owner.post('/api/logout')).status).toBe(200);

    const attacker = new TestClient(app.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attacker.post('/api/login', { username: email, password: `guess-${i}` })).status);
    statuses.push((await attacker.post('/api/login', { username: email, password })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    expect((await owner.post('/api/login', { username: email, password })).status).toBe(200);
  });
});
