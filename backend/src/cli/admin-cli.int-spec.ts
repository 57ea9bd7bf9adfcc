import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { bootstrap, RunningApp } from '../bootstrap';
import { TestClient } from '../test-support/http';
import { PrivatePostgres } from '../test-support/private-postgres';
import { PrivateRedis } from '../test-support/private-redis';
import { signUp } from '../test-support/users';

const run = promisify(execFile);
const BACKEND = join(__dirname, '..', '..');

/**
 * `npm run admin` while `npm start` runs on the embedded database (no DATABASE_URL): the app here runs on a private
 * PostgreSQL whose data folder plays `.data/postgres`; the CLI, given only that folder, must use the running server
 * (before: it started a second server on the folder and died with "Cannot read properties of undefined").
 */
describe('npm run admin while the product runs on the embedded database', () => {
  const pg = new PrivatePostgres();
  const redis = new PrivateRedis();
  let app: RunningApp;
  let client: TestClient;
  let email: string;
  beforeAll(async () => {
    await Promise.all([pg.start(), redis.start()]);
    app = await bootstrap({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      UPLOAD_DIR: join(pg.dir, 'uploads'),
      MAIL_OUTBOX_DIR: join(pg.dir, 'outbox'),
    });
    client = new TestClient(app.url!, { origin: app.url! });
    ({ email } = await signUp(client));
  }, 90_000);
  afterAll(async () => {
    await app?.close();
    await redis.destroy();
    await pg.destroy();
  });

  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const options = {
      cwd: BACKEND,
      env: { ...inherited, SWC_NODE_PROJECT: 'tsconfig.json', EMBEDDED_PG_DIR: pg.dataDir, REDIS_URL: redis.url, ...env },
      timeout: 60_000,
    };
    try {
      const { stdout, stderr } = await run(process.execPath, ['-r', '@swc-node/register', 'src/cli/admin.ts', ...args], options);
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  };
  const lines = (text: string) => text.split('\n').filter((line) => line.trim());

  it('grants a role through the running server, starts no scan ingester, and the signed-in user has it on the next request', async () => {
    const consumers = async () => {
      const probe = new Redis(redis.url);
      try {
        return ((await probe.xinfo('CONSUMERS', 'qrs:qrsharks:scans', 'scan-ingester')) as unknown[]).length;
      } finally {
        probe.disconnect();
      }
    };
    const before = await consumers();
    const result = await cli(['grant', 'admin', email]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(lines(result.stdout)).toEqual([
      expect.stringMatching(new RegExp(`^Granted admin to ${email} \\(user [0-9a-f-]+\\); roles now: .*admin`)),
    ]);
    // The app's own ingester is the group's only consumer: the CLI read no scans.
    expect(await consumers()).toBe(before);
    expect((await client.get('/api/user')).body).toMatchObject({ roles: expect.arrayContaining(['admin']) });
    // The server the app uses is still the one it started with, and still serves.
    expect((await client.get('/api/health')).status).toBe(200);
  }, 90_000);

  it('revoking the only admin of the client is refused like in the console: one line, exit code 1', async () => {
    const result = await cli(['revoke', 'admin', email]);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual(['An admin cannot remove the last admin role']);
    expect((await client.get('/api/user')).body).toMatchObject({ roles: expect.arrayContaining(['admin']) });
  }, 90_000);

  it('an unknown email is one line and exit code 1', async () => {
    const result = await cli(['grant', 'admin', 'nobody@example.com']);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual(['No user with the email nobody@example.com in client 1: sign up first, then run this again.']);
  }, 90_000);

  it('bad arguments and a bad role are one line with the usage, exit code 1', async () => {
    for (const args of [[], ['promote', 'admin', email], ['grant', 'owner', email]]) {
      const result = await cli(args);
      expect(result.code).toBe(1);
      expect(lines(result.stderr)).toHaveLength(1);
      expect(result.stderr).toContain('Usage: npm run admin -- <grant|revoke> <user|support|admin> <email>');
    }
    expect((await cli(['grant', 'owner', email])).stderr).toContain("Unknown role 'owner'.");
  }, 90_000);

  it('an unreachable database is one line and exit code 1', async () => {
    const result = await cli(['grant', 'admin', email], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5499/qrs' });
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([expect.stringContaining('PostgreSQL is not reachable at 127.0.0.1:5499 (connection refused')]);
  }, 90_000);
});
