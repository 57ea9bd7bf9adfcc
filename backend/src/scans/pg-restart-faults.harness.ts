import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { dynamicForm, postMultipart } from '../codes/codes.test-kit';
import { TestClient } from '../test-support/http';
import { freePort, PrivatePostgres } from '../test-support/private-postgres';
import { PrivateRedis } from '../test-support/private-redis';
import { until as poll } from '../test-support/until';
import { signUp } from '../test-support/users';
import { BROWSER_UA } from './scan-fixtures';

/**
 * PostgreSQL restarted under scan load, shared by pg-restart-faults.int-spec.ts: the product runs as `npm start`
 * does (src/main.ts, ROLE=all: API, projection runners and the scan ingester in ONE child process, so an unhandled
 * 'error' event ends it as it would in production) on a private PostgreSQL and a private Redis. Lanes scan the
 * codes' /d/ links without pause and keep a ledger of every 302; PostgreSQL is stopped (fast shutdown: every
 * connection, mid-transaction or idle, is terminated with 57P01) and started again several times. While it is down
 * the API is probed (it must answer 503, not 500 and not hang) and /d/ must go on answering. Every restart waits
 * for the product to be working again (new Scanned events stored) so that the next one hits it busy.
 */
export interface PgRestartOptions {
  restarts: number;
  concurrency: number;
  codes: number;
  /** Redirects answered while PostgreSQL is down before it is started again (proves /d/ serves meanwhile). */
  scansWhileDown: number;
  /** During this restart's outage, Redis is also frozen (SIGSTOP) for `redisFreezeMs`: commands time out, the event store is down. */
  redisFreezeAt?: number;
  redisFreezeMs?: number;
  log?: (line: string) => void;
}

export interface ApiProbe {
  restart: number;
  path: string;
  status: number;
  message: string | null;
  retryAfter: string | null;
}

export interface PgRestartReport {
  restarts: number;
  redirects: number;
  redirectsWhileDown: number;
  /** /d/ answers other than 302, by status (0: no answer or a broken connection). */
  otherAnswers: Record<string, number>;
  apiProbes: ApiProbe[];
  scannedEvents: number;
  distinctIds: number;
  /** Per code: 302s sent, Scanned events stored, scan count the codes read model shows through the API. */
  codes: { sent: number; stored: number; shown: number }[];
  /** Events the projections set aside as unappliable (an outage is no reason to skip one). */
  deadLetters: number;
  /** Status of a sign-up after the last restart. */
  signUpAfter: number;
  /** Whether the app process was still running at the end, and how it exited if not. */
  appAlive: boolean;
  appExit: string | null;
  /** Log lines at warn or above that say a process-level failure happened (uncaught, unhandled). */
  fatalLines: string[];
  /** SIGTERM at the end: exit code of a graceful shutdown. */
  shutdownCode: number | null;
  seconds: number;
}

const BACKEND = resolve(__dirname, '../..');

/** src/main.ts in a child process, as `npm start` runs it; its log lines are kept. */
export class AppProcess {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  exit: string | null = null;
  readonly exited: Promise<number | null>;
  constructor(
    readonly url: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: BACKEND,
      env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.json', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: new URL(url).port, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let partial = '';
    const collect = (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      this.lines.push(...parts.filter((line) => line.trim()));
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((done) =>
      this.child.once('exit', (code, signal) => {
        this.exit = signal ? `signal ${signal}` : `code ${code}`;
        done(code);
      }),
    );
  }

  get alive(): boolean {
    return this.exit === null;
  }

  /** Log lines at warn (40) or above; plain lines (a crash's stack trace) count too. */
  warnings(): string[] {
    return this.lines.filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 40;
      } catch {
        return true;
      }
    });
  }

  /** Waits until GET /api/health answers 200 (PostgreSQL, Redis and the event store all answer). */
  async waitHealthy(timeoutMs: number): Promise<void> {
    const healthy = async () => {
      if (!this.alive) throw new Error(`the app exited (${this.exit}):\n${this.lines.slice(-20).join('\n')}`);
      const status = await new TestClient(this.url)
        .get('/api/health')
        .then((res) => res.status)
        .catch(() => 0);
      return status === 200;
    };
    await poll(healthy, 'a healthy app', timeoutMs).catch((error: Error) => {
      if (!error.message.startsWith('Timed out')) throw error;
      throw new Error(`the app did not become healthy within ${timeoutMs} ms:\n${this.lines.slice(-20).join('\n')}`);
    });
  }

  async stop(): Promise<number | null> {
    if (!this.alive) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }
}

/** The private services and the app on them. */
export interface FaultStack {
  pg: PrivatePostgres;
  redis: PrivateRedis;
  app: AppProcess;
  close(): Promise<void>;
}

export async function startFaultStack(env: Record<string, string> = {}): Promise<FaultStack> {
  const pg = new PrivatePostgres();
  const redis = new PrivateRedis();
  const files = mkdtempSync(join(tmpdir(), 'qrs-faults-'));
  let app: AppProcess | null = null;
  const close = async () => {
    await app?.stop();
    await redis.destroy();
    await pg.destroy();
    rmSync(files, { recursive: true, force: true });
  };
  try {
    await Promise.all([pg.start(), redis.start()]);
    app = new AppProcess(`http://127.0.0.1:${await freePort()}`, {
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: join(files, 'uploads'),
      MAIL_OUTBOX_DIR: join(files, 'outbox'),
      ...env,
    });
    await app.waitHealthy(90_000);
    return { pg, redis, app, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Process-level failures, and scans the recorder gave up on (answered 302 without being written anywhere it knew of). */
const FATAL = /uncaught|unhandled|Unhandled 'error' event|FATAL|scans lost/i;

export async function runPgRestartFaults(stack: FaultStack, options: PgRestartOptions): Promise<PgRestartReport> {
  const log = options.log ?? (() => undefined);
  const { pg, app } = stack;
  const started = Date.now();
  const owner = new TestClient(app.url, { origin: app.url });
  await signUp(owner);
  const codes: { id: string; shortCode: string }[] = [];
  for (let i = 0; i < options.codes; i++) {
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm(`https://example.com/faults/${i}`));
    if (created.status !== 201) throw new Error(`creating a dynamic code: ${created.status} ${created.text}`);
    codes.push({ id: created.body.id as string, shortCode: created.body.shortCode as string });
  }

  const watcher = new Client({ connectionString: pg.url });
  watcher.on('error', () => undefined);
  const storedNow = async (): Promise<number> => {
    // A fresh connection each time: the server restarts under it.
    const client = new Client({ connectionString: pg.url, connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'Scanned'`);
      return rows[0].n;
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  const url = new URL(app.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const sent = new Map<string, number>();
  const otherAnswers: Record<string, number> = {};
  let redirects = 0;
  let redirectsWhileDown = 0;
  let loading = true;
  const scan = (shortCode: string, n: number) =>
    new Promise<number>((done) => {
      const req = request(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          path: `/d/${shortCode}`,
          headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': `10.9.${(n >> 8) & 255}.${n & 255}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
          res.on('error', () => done(0));
        },
      );
      req.on('error', () => done(0));
      // A scan that gets no answer is a failure to count, not a hang of the whole run.
      req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
      req.end();
    });
  let n = 0;
  const lane = async () => {
    while (loading) {
      const i = n++;
      const code = codes[i % codes.length];
      const down = !pg.isRunning;
      const status = await scan(code.shortCode, i);
      if (status === 302) {
        redirects += 1;
        sent.set(code.id, (sent.get(code.id) ?? 0) + 1);
        if (down && !pg.isRunning) redirectsWhileDown += 1;
      } else otherAnswers[status] = (otherAnswers[status] ?? 0) + 1;
    }
  };
  const lanes = Array.from({ length: options.concurrency }, lane);

  const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
    const holds = async () => {
      if (await condition()) return true;
      if (!app.alive) throw new Error(`the app exited (${app.exit}) while waiting for ${what}:\n${app.lines.slice(-80).join('\n')}`);
      return false;
    };
    await poll(holds, what, timeoutMs);
  };

  const apiProbes: ApiProbe[] = [];
  const probe = async (
    restart: number,
    path: string,
    call: () => Promise<{ status: number; body: { message?: unknown } | undefined; headers: Record<string, unknown> }>,
  ) => {
    const res = await call().catch(() => ({ status: 0, body: undefined, headers: {} as Record<string, unknown> }));
    apiProbes.push({
      restart,
      path,
      status: res.status,
      message: typeof res.body?.message === 'string' ? res.body.message : null,
      retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
    });
  };

  try {
    for (let restart = 1; restart <= options.restarts; restart++) {
      // Busy first: the ingester and the projections have stored and applied scans since the last restart.
      const before = await storedNow();
      await until(`scans stored before restart ${restart}`, async () => (await storedNow().catch(() => before)) > before + 20);
      await pg.stop();
      const redirectsAtStop = redirectsWhileDown;
      log(`restart ${restart}: PostgreSQL stopped after ${redirects} redirects`);
      // While it is down: a signed-in read, a sign-up and a code change answer 503 with the message, and /d/ answers.
      await probe(restart, 'GET /api/dynamic-qrcodes', () => owner.get('/api/dynamic-qrcodes'));
      await probe(restart, 'POST /api/register', () => register(app.url, `down-${restart}@example.com`));
      await probe(restart, 'PUT /api/dynamic-qrcodes/:id', () =>
        owner.put(`/api/dynamic-qrcodes/${codes[0].id}`, { destination: `https://example.com/faults/0?r=${restart}` }),
      );
      if (restart === options.redisFreezeAt) {
        // Both down for a moment: scans that time out on Redis find no event store either, and must wait for one of them.
        log(`restart ${restart}: Redis frozen for ${options.redisFreezeMs} ms`);
        await stack.redis.freeze(options.redisFreezeMs ?? 500);
      }
      await until(
        `redirects while PostgreSQL is down (restart ${restart})`,
        () => redirectsWhileDown >= redirectsAtStop + options.scansWhileDown,
      );
      await pg.start();
      log(`restart ${restart}: PostgreSQL back; ${redirectsWhileDown - redirectsAtStop} redirects while it was down`);
    }
    // Some load after the last restart too, then stop it.
    const before = await storedNow();
    await until('scans stored after the last restart', async () => (await storedNow().catch(() => before)) > before + 20);
  } finally {
    loading = false;
    await Promise.all(lanes);
    agent.destroy();
  }
  log(`load stopped: ${redirects} redirects; waiting for every scan to be stored and counted`);

  // Recovery without a restart of the app: every 302 stored once, the codes read model counts them, sign-up works.
  const total = () => [...sent.values()].reduce((sum, count) => sum + count, 0);
  const draining = Date.now();
  await until('every redirect stored as a Scanned event', async () => (await storedNow()) >= total(), 90_000).catch((error: Error) =>
    log(error.message),
  );
  log(`every redirect stored ${((Date.now() - draining) / 1000).toFixed(1)} s after the load stopped`);
  const shown = async () => {
    const res = await owner.get('/api/dynamic-qrcodes');
    return new Map(((res.body ?? []) as { id: string; scanCount: number }[]).map((code) => [code.id, code.scanCount]));
  };
  await until(
    'the codes read model counting every scan',
    async () => {
      const counts = await shown();
      return codes.every((code) => counts.get(code.id) === (sent.get(code.id) ?? 0));
    },
    60_000,
  ).catch((error: Error) => log(error.message));

  await watcher.connect();
  let totals: { n: number; d: number };
  let perCode: Map<string, number>;
  let deadLetters: number;
  try {
    [totals] = (
      await watcher.query<{ n: number; d: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events WHERE type = 'Scanned'`,
      )
    ).rows;
    const { rows } = await watcher.query<{ qr_id: string; n: number }>(
      `SELECT substr(stream_id, 7) AS qr_id, count(*)::int AS n FROM events WHERE type = 'Scanned' GROUP BY stream_id`,
    );
    perCode = new Map(rows.map((row) => [row.qr_id, row.n]));
    deadLetters = (await watcher.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0].n;
  } finally {
    await watcher.end();
  }
  const counts = await shown();
  const signUpAfter = (await register(app.url, 'after-restarts@example.com')).status;
  const appAlive = app.alive;
  const seen = new Map<string, number>();
  for (const line of app.warnings()) {
    let key = line.slice(0, 160);
    try {
      const entry = JSON.parse(line) as { msg?: string; error?: string; context?: string };
      key = `${entry.context ?? ''}: ${entry.msg ?? ''} (${(entry.error ?? '').slice(0, 80)})`;
    } catch {
      // a plain line
    }
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [line, count] of seen) log(`app warning x${count}: ${line}`);
  const fatalLines = app.warnings().filter((line) => FATAL.test(line));
  const shutdownCode = await app.stop();
  return {
    restarts: options.restarts,
    redirects,
    redirectsWhileDown,
    otherAnswers,
    apiProbes,
    scannedEvents: totals.n,
    distinctIds: totals.d,
    codes: codes.map((code) => ({ sent: sent.get(code.id) ?? 0, stored: perCode.get(code.id) ?? 0, shown: counts.get(code.id) ?? -1 })),
    deadLetters,
    signUpAfter,
    appAlive,
    appExit: app.exit,
    fatalLines,
    shutdownCode,
    seconds: (Date.now() - started) / 1000,
  };
}

/** POST /api/register as a new visitor would. */
function register(baseUrl: string, email: string) {
  return new TestClient(baseUrl, { origin: baseUrl }).post('/api/register', {
    username: email,
    email,
    password: 'secret-password',
    confirmPassword: 'secret-password',
    firstName: '',
    lastName: '',
  });
}
