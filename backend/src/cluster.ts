import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { bootstrap, handleSignals, type RunningApp } from './bootstrap';
import type { Env } from './config/env';

/** How many HTTP processes a start with these settings runs (API_PROCESSES; unset: one per core for ROLE=api). */
export function apiProcesses(env: Pick<Env, 'ROLE' | 'API_PROCESSES'>, cores = availableParallelism()): number {
  if (env.ROLE === 'worker') return 0;
  const wanted = env.API_PROCESSES ?? (env.ROLE === 'api' ? 'auto' : 1);
  return wanted === 'auto' ? Math.max(1, cores) : wanted;
}

/** An HTTP process that dies this often within RESTART_WINDOW_MS is not restarted again: the start fails. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 30_000;
const RESTART_DELAY_MS = 1000;

/**
 * The cluster's primary (issue 31, multi-core): forks `count` HTTP processes (ROLE=api) that share PORT, node:cluster
 * handing connections out in turn. With ROLE=all the primary first runs the worker's jobs itself (projections, scan
 * ingester, queues; the embedded PostgreSQL when DATABASE_URL is unset) and gives its database to the HTTP processes.
 * Nothing is shared in memory between them: scans, sessions, idempotency and rate limits live in Redis and PostgreSQL,
 * and each process's caches are invalidated over Redis pub/sub. An HTTP process that dies is replaced; one that keeps
 * dying (a setting it refuses, a port in use) ends the start. SIGTERM or SIGINT stops the HTTP processes first (each
 * finishes its requests), then the primary's own jobs.
 */
export async function runCluster(env: Env, count: number, log: (message: string) => void): Promise<void> {
  let own: RunningApp | null = null;
  const childEnv: Record<string, string> = { ROLE: 'api', API_PROCESSES: '1' };
  if (env.ROLE === 'all') {
    own = await bootstrap({ ROLE: 'worker' });
    childEnv.DATABASE_URL = own.databaseUrl;
  }
  let stopping = false;
  const exits: number[] = [];
  const children = new Set<Worker>();
  const fork = () => {
    const child = cluster.fork(childEnv);
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      const now = Date.now();
      exits.push(now);
      while (exits.length && now - exits[0] > RESTART_WINDOW_MS) exits.shift();
      if (exits.length >= MAX_RESTARTS) {
        log(`HTTP processes exited ${exits.length} times in ${RESTART_WINDOW_MS / 1000} s (last: ${signal ?? code}): stopping`);
        void stop(1);
        return;
      }
      log(`HTTP process ${child.process.pid} exited (${signal ?? code}): starting another`);
      setTimeout(() => stopping || fork(), RESTART_DELAY_MS).unref();
    });
  };
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise<void>((done) => {
            if (child.isDead()) return done();
            child.once('exit', () => done());
            child.process.kill('SIGTERM');
            setTimeout(() => child.process.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
    await own?.close();
    process.exit(code);
  };
  for (let i = 0; i < count; i++) fork();
  handleSignals(() => stop(0), log);
  log(`QR Code Sharks: ${count} HTTP processes on port ${env.PORT}${own ? ', the worker in this one' : ''}`);
}
