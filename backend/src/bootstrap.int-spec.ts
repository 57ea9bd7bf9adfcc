import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase } from './test-support/database';
import { PrivateRedis } from './test-support/private-redis';
import { until } from './test-support/until';

const BACKEND = join(__dirname, '..');

/** Children still running: a test that fails (or times out) before its SIGTERM must not leave a server behind. */
const running = new Set<ChildProcess>();

/** Runs src/main.ts as `npm start` would (compiled on the fly), collecting its output. */
function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: BACKEND,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.json', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => output, exited };
}

describe('starting and stopping the product', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    const stopping = [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    );
    await Promise.all(stopping);
  });
  afterAll(() => db.drop());

  it('without Redis it stops with a short paragraph saying how to start Redis, not a stack trace', async () => {
    const run = startMain({ DATABASE_URL: db.url, REDIS_URL: 'redis://127.0.0.1:6399', PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Redis is not reachable at redis://127.0.0.1:6399');
    expect(run.output()).toContain('redis-server');
    expect(run.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  }, 60_000);

  // Each way a database connection fails at start-up: one paragraph saying what to do, never a stack trace.
  const databaseCases: [string, () => string, RegExp][] = [
    ['refused', () => 'postgres://postgres@127.0.0.1:5499/qrs', /PostgreSQL is not reachable at 127\.0\.0\.1:5499 \(connection refused/],
    [
      'unknown database',
      () => `postgres://postgres@127.0.0.1:5432/qrs_missing_${Date.now()}`,
      /The database "qrs_missing_\d+" does not exist on 127\.0\.0\.1:5432[\s\S]*createdb/,
    ],
    ['unknown role', () => 'postgres://no_such_role_qrs@127.0.0.1:5432/postgres', /refused the role "no_such_role_qrs"[\s\S]*createuser/],
    [
      'unknown host',
      () => 'postgres://postgres@no-such-host.invalid:5432/qrs',
      /The database host "no-such-host\.invalid" in DATABASE_URL cannot be found/,
    ],
  ];
  it.each(databaseCases)(
    'a database that cannot be used (%s) stops start-up with one paragraph saying what to do',
    async (_case, url, expected) => {
      const run = startMain({ DATABASE_URL: url(), PORT: '0' });
      expect(await run.exited).toBe(1);
      expect(run.output()).toMatch(expected);
      expect(run.output()).toContain('Without DATABASE_URL the product starts its own embedded PostgreSQL');
      expect(run.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    },
    60_000,
  );

  it('warns once at start when Redis keeps nothing on disk, and says nothing when it has an append-only file', async () => {
    for (const appendOnly of [false, true]) {
      const redis = new PrivateRedis({ appendOnly });
      await redis.start();
      try {
        const port = String(20000 + Math.floor(Math.random() * 20000));
        const run = startMain({ DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: port, LOG_LEVEL: 'info' });
        await until(() => run.output().includes('listening on'), 'the server listening', 45_000);
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        const warnings = run
          .output()
          .split('\n')
          .filter((line) => line.includes('Redis keeps nothing on disk'));
        expect(warnings).toHaveLength(appendOnly ? 0 : 1);
      } finally {
        await redis.destroy();
      }
    }
  }, 120_000);

  it('a bad setting is named in one clear message', async () => {
    const run = startMain({ DATABASE_URL: db.url, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid settings \(see \.env\.example\):\n\s+PORT:/);
  }, 60_000);

  it('NODE_ENV=production refuses to start on missing or published secrets, with one paragraph saying how to make them', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /SESSION_SECRET is not set and VISITOR_HASH_SALT is not set/],
      [
        { SESSION_SECRET: 'change-me-to-a-long-random-string', VISITOR_HASH_SALT: 'change-me-too' },
        /SESSION_SECRET is a published example value and VISITOR_HASH_SALT is a published example value/,
      ],
      [
        { SESSION_SECRET: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
        /: VISITOR_HASH_SALT is not set and PERSONAL_DATA_KEY is not set and STREAM_NAME_SALT is not set\./,
      ],
      [
        {
          SESSION_SECRET: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          VISITOR_HASH_SALT: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
          PERSONAL_DATA_KEY: 'dev-only-personal-data-key-change-me',
          STREAM_NAME_SALT: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
        },
        /: PERSONAL_DATA_KEY is a published example value\./,
      ],
    ];
    for (const [secrets, expected] of cases) {
      const run = startMain({
        DATABASE_URL: db.url,
        PORT: '0',
        NODE_ENV: 'production',
        SESSION_SECRET: '',
        VISITOR_HASH_SALT: '',
        PERSONAL_DATA_KEY: '',
        STREAM_NAME_SALT: '',
        ...secrets,
      });
      expect(await run.exited).toBe(1);
      const paragraph = run.output().trim();
      expect(paragraph).toMatch(/^Refusing to start with NODE_ENV=production: /);
      expect(paragraph).toMatch(expected);
      expect(paragraph).toContain('openssl rand -hex 32');
      expect(paragraph).not.toContain('\n'); // one paragraph
      expect(paragraph).not.toMatch(/listening on/);
    }
  }, 120_000);

  it('NODE_ENV=production starts with secrets of its own', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const run = startMain({
      DATABASE_URL: db.url,
      PORT: port,
      NODE_ENV: 'production',
      SESSION_SECRET: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      VISITOR_HASH_SALT: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      PERSONAL_DATA_KEY: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
      STREAM_NAME_SALT: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
    });
    await until(() => run.output().includes('listening on') || run.child.exitCode !== null, 'the server listening or exiting', 45_000);
    expect(run.output()).toContain('listening on');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 60_000);

  it('SIGTERM drains and exits 0 after it served requests', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const run = startMain({ DATABASE_URL: db.url, PORT: port, LOG_LEVEL: 'info' });
    const healthy = await until(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`)
          .then((res) => res.ok)
          .catch(() => false),
      'a healthy answer',
      45_000,
    ).catch(() => false);
    expect(healthy).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGTERM received: shutting down gracefully');
  }, 60_000);
});
