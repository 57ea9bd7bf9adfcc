import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Redis from 'ioredis';
import { createTemplateDatabase, createTestDatabase, TestDatabase } from '../../backend/src/test-support/database';

/** Shared by the scan benches: a private Redis, a fresh database, product processes as children. */
export const REPO = resolve(__dirname, '../..');
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
export const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

export async function freshDatabase(): Promise<TestDatabase> {
  try {
    return await createTestDatabase();
  } catch {
    await createTemplateDatabase();
    return createTestDatabase();
  }
}

export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'qrs-bench-redis-'));
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (let i = 0; ; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      if (i > 100) throw new Error('redis-server did not start');
      await sleep(50);
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a product entry point (backend/src/main.ts or worker.ts) as a child process. */
export function startProduct(entry: 'main' | 'worker', env: Record<string, string>): ChildProcess {
  // BENCH_CPU_PROF=dir writes a V8 CPU profile of each product process there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return spawn(process.execPath, [...profile, '-r', '@swc-node/register', `backend/src/${entry}.ts`], {
    cwd: REPO,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', SWC_NODE_PROJECT: 'backend/tsconfig.json', ...env },
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
