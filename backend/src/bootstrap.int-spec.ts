import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createTestDatabase, TestDatabase } from './test-support/database';

const BACKEND = join(__dirname, '..');

/** Runs src/main.ts as `npm start` would (compiled on the fly), collecting its output. */
function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: BACKEND,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.json', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('starting and stopping the product', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('without Redis it stops with a short paragraph saying how to start Redis, not a stack trace', async () => {
    const run = startMain({ DATABASE_URL: db.url, REDIS_URL: 'redis://127.0.0.1:6399', PORT: '0' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Redis is not reachable at redis://127.0.0.1:6399');
    expect(run.output()).toContain('redis-server');
    expect(run.output()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  }, 60_000);

  it('a bad setting is named in one clear message', async () => {
    const run = startMain({ DATABASE_URL: db.url, PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Invalid settings \(see \.env\.example\):\n\s+PORT:/);
  }, 60_000);

  it('SIGTERM drains and exits 0 after it served requests', async () => {
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const run = startMain({ DATABASE_URL: db.url, PORT: port, LOG_LEVEL: 'info' });
    const deadline = Date.now() + 45_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.ok).catch(() => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(healthy).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('SIGTERM received: shutting down gracefully');
  }, 60_000);
});
