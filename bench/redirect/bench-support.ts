import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createTestDatabaseAnywhere } from '../../backend/src/test-support/database';
import { PrivateRedis } from '../../backend/src/test-support/private-redis';

/** Shared by the scan benches: a private Redis, a fresh database, product processes as children. */
export const REPO = resolve(__dirname, '../..');
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
export const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

export const freshDatabase = createTestDatabaseAnywhere;

/** A private Redis on a free port, without AOF (the benches never restart it). */
export async function startRedis(): Promise<PrivateRedis> {
  const redis = new PrivateRedis({ port: await freePort(), appendOnly: false });
  await redis.start();
  return redis;
}

const BENCH_SECRET = randomBytes(32).toString('hex');

/** Runs a product entry point (backend/src/main.ts or worker.ts) of this checkout, or of `tree`, as a child process. */
export function startProduct(entry: 'main' | 'worker', env: Record<string, string>, tree = REPO): ChildProcess {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of each product process there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return spawn(process.execPath, [...profile, '-r', '@swc-node/register', `backend/src/${entry}.ts`], {
    cwd: tree,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses the public default secrets (issue 27): each bench run makes its own.
      SESSION_SECRET: BENCH_SECRET,
      VISITOR_HASH_SALT: BENCH_SECRET,
      PERSONAL_DATA_KEY: BENCH_SECRET,
      STREAM_NAME_SALT: BENCH_SECRET,
      LOG_LEVEL: 'silent',
      // One HTTP process unless a run asks for more (ROLE=api would otherwise start one per core).
      API_PROCESSES: '1',
      SWC_NODE_PROJECT: 'backend/tsconfig.json',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { redirect: 'manual' });
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer`);
      await sleep(200);
    }
  }
}
