import { ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { bootstrap, RunningApp } from '../bootstrap';
import { ProjectionsService } from '../projections/projections.service';
import { createTestDatabaseAnywhere } from '../test-support/database';
import { lastEventPosition } from '../test-support/last-event';
import { PrivateRedis } from '../test-support/private-redis';
import { letTimePass, until } from '../test-support/until';
import { BROWSER_UA, createCodeByEvents, FixtureCode } from './scan-fixtures';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { ScanRecorder } from './scan-recorder';
import { ANALYTICS_PROJECTION } from '../analytics';

/**
 * "Nothing lost, nothing doubled" under faults, shared by scan-faults.int-spec.ts and bench/scan-faults:
 * an API process (in here) takes N scans over HTTP and keeps a ledger of its 302s, while a worker child process
 * (projections + ingester) is SIGKILLed and restarted several times and a private Redis is frozen (commands time
 * out) and shut down and restarted mid-run. Then: Scanned events == 302s, no duplicate id, analytics == raw counts.
 */
export interface FaultOptions {
  scans: number;
  codes: number;
  concurrency: number;
  workerKills: number;
  /** SIGSTOP Redis for this long (commands time out: the API falls back to the event store). */
  redisFreezeMs: number;
  /** SHUTDOWN Redis and start it again after this long (connection refused meanwhile). */
  redisDownMs: number;
  log?: (line: string) => void;
}

export interface FaultReport {
  scans: number;
  redirects: number;
  otherAnswers: number;
  scannedEvents: number;
  distinctIds: number;
  storedDirectly: number;
  workerKills: number;
  workerSelfRestarts: number;
  codesMismatched: string[];
  analyticsTotal: number;
  seconds: number;
}

const REPO = resolve(__dirname, '../../..');

/** A child that exited by a signal has no exit code, only a signal code. */
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exitOf = (child: ChildProcess) =>
  hasExited(child) ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

/**
 * The worker child, supervised like a process manager would: if it exits by itself (e.g. it started while
 * Redis was down), it is started again.
 */
class WorkerProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  kills = 0;
  restarts = 0;
  constructor(private readonly env: Record<string, string>) {}
  start(): void {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'backend/src/worker.ts'], {
      cwd: REPO,
      env: { ...process.env, ...this.env, SWC_NODE_PROJECT: 'backend/tsconfig.json' },
      stdio: 'ignore',
    });
    this.child = child;
    child.once('exit', (_code, signal) => {
      if (this.stopping || signal === 'SIGKILL' || this.child !== child) return;
      this.restarts += 1;
      setTimeout(() => !this.stopping && this.child === child && this.start(), 500);
    });
  }
  /** SIGKILLs the running worker; when it has just exited by itself, waits for its restart and kills that one. */
  async kill(): Promise<void> {
    await until(() => this.child && !hasExited(this.child), 'a running worker to kill', 5000).catch(() => undefined);
    const child = this.child;
    if (!child || hasExited(child)) throw new Error('no worker running to kill');
    const exited = exitOf(child);
    child.kill('SIGKILL');
    await exited;
    this.kills += 1;
  }
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || hasExited(child)) return;
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await Promise.race([exited, letTimePass(10_000, 'the grace a SIGTERMed worker gets').then(() => child.kill('SIGKILL'))]);
  }
}

export async function runScanFaults(options: FaultOptions): Promise<FaultReport> {
  const log = options.log ?? (() => undefined);
  const redis = new PrivateRedis();
  const db = await createTestDatabaseAnywhere();
  let api: RunningApp | null = null;
  let worker: WorkerProcess | null = null;
  try {
    await redis.start();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      SCAN_CLAIM_IDLE_MS: '1500',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    worker = new WorkerProcess(env);
    worker.start();
    api = await bootstrap({ ...env, ROLE: 'api' });
    const codes: FixtureCode[] = [];
    for (let i = 0; i < options.codes; i++) codes.push(await createCodeByEvents(api.app, { destination: `https://example.com/c/${i}` }));
    log(`${options.codes} codes ready; firing ${options.scans} scans at concurrency ${options.concurrency}`);

    const started = Date.now();
    const url = new URL(api.url!);
    const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
    const ledger = new Map<string, number>();
    let sent = 0;
    let redirects = 0;
    let otherAnswers = 0;
    const chaos: Promise<void>[] = [];
    const at = (fraction: number) => Math.floor(options.scans * fraction);
    const plan = new Map<number, () => Promise<void>>();
    for (let k = 0; k < options.workerKills; k++) {
      plan.set(at((k + 1) / (options.workerKills + 2)), async () => {
        await worker!.kill();
        log(`worker SIGKILLed at scan ${sent}`);
        await letTimePass(200, 'the crashed worker stays down a moment, as a real restart would');
        worker!.start();
      });
    }
    if (options.redisFreezeMs > 0)
      plan.set(at(0.3) + 1, async () => (log(`Redis frozen at scan ${sent}`), redis.freeze(options.redisFreezeMs)));
    if (options.redisDownMs > 0)
      plan.set(at(0.55) + 1, async () => {
        await redis.stop();
        log(`Redis shut down at scan ${sent}`);
        await letTimePass(options.redisDownMs, 'the Redis outage lasts redisDownMs');
        await redis.start();
        log('Redis back');
      });

    const one = (code: FixtureCode, ip: string) =>
      new Promise<number>((done, fail) => {
        const req = request(
          {
            agent,
            hostname: url.hostname,
            port: url.port,
            path: `/d/${code.shortCode}`,
            headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': ip },
          },
          (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode ?? 0));
          },
        );
        req.on('error', fail);
        // A scan that gets no answer is a failure to report, not a hang of the whole run.
        req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
        req.end();
      });
    const lane = async () => {
      while (sent < options.scans) {
        const n = sent++;
        const action = plan.get(n);
        if (action) chaos.push(action());
        const code = codes[n % codes.length];
        const status = await one(code, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`).catch(() => 0);
        if (status === 302) {
          redirects += 1;
          ledger.set(code.qrId, (ledger.get(code.qrId) ?? 0) + 1);
        } else otherAnswers += 1;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, lane));
    await Promise.all(chaos);
    agent.destroy();
    log(`fired: ${redirects} redirects, ${otherAnswers} other answers in ${((Date.now() - started) / 1000).toFixed(1)} s; draining`);

    // Drained when the stream is empty and every 302 is a Scanned event (the worker reclaims what dead ones held).
    const dataSource = api.app.get(DataSource);
    const keys = api.app.get<ScanKeys>(SCAN_KEYS);
    const probe = new Redis(redis.url);
    const count = async () =>
      Number(((await dataSource.query(`SELECT count(*)::int AS n FROM events WHERE type = 'Scanned'`)) as { n: number }[])[0].n);
    probe.on('error', () => undefined);
    let last = '';
    const drained = async () => {
      const length = await probe.xlen(keys.stream).catch(() => -1);
      const stored = await count();
      const line = `stream ${length}, stored ${stored}`;
      if (line !== last) log((last = line));
      return length === 0 && stored >= redirects;
    };
    // On timeout the report below tells what was left (the spec asserts on it).
    await until(drained, 'the stream drained and every redirect stored', 120_000).catch(() => undefined);
    probe.disconnect();
    const [totals] = (await dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events WHERE type = 'Scanned'`,
    )) as { n: number; d: number }[];
    const head = await lastEventPosition(dataSource);
    await api.app.get(ProjectionsService).waitFor(head!, [ANALYTICS_PROJECTION], 60_000);
    const raw = (await dataSource.query(
      `SELECT substr(stream_id, 7) AS qr_id, count(*)::int AS n FROM events WHERE type = 'Scanned' GROUP BY stream_id`,
    )) as { qr_id: string; n: number }[];
    const projected = new Map(
      ((await dataSource.query('SELECT qr_id, (scans + bots)::int AS n FROM scan_totals')) as { qr_id: string; n: number }[]).map((row) => [
        row.qr_id,
        row.n,
      ]),
    );
    const codesMismatched = codes
      .filter(
        (code) =>
          (ledger.get(code.qrId) ?? 0) !== (raw.find((row) => row.qr_id === code.qrId)?.n ?? 0) ||
          projected.get(code.qrId) !== (raw.find((row) => row.qr_id === code.qrId)?.n ?? 0),
      )
      .map((code) => code.qrId);
    return {
      scans: options.scans,
      redirects,
      otherAnswers,
      scannedEvents: totals.n,
      distinctIds: totals.d,
      storedDirectly: api.app.get(ScanRecorder).fallbackCount,
      workerKills: worker.kills,
      workerSelfRestarts: worker.restarts,
      codesMismatched,
      analyticsTotal: [...projected.values()].reduce((sum, n) => sum + n, 0),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await worker?.stop();
    await api?.close().catch(() => undefined);
    await redis.destroy();
    await db.drop();
  }
}
