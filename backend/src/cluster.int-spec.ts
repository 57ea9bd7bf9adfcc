import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, type RunningApp } from './bootstrap';
import { dynamicForm, postMultipart } from './codes/codes.test-kit';
import { BROWSER_UA } from './scans/scan-fixtures';
import { createTestDatabase, type TestDatabase } from './test-support/database';
import { TestClient } from './test-support/http';
import { freePort } from './test-support/private-postgres';
import { until } from './test-support/until';
import { signUp } from './test-support/users';

// Issue 31, multi-core: ROLE=api runs one HTTP process per core (node:cluster) and every process sees every change.
const BACKEND = join(__dirname, '..');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** src/main.ts as `npm start` runs it, on a port of its own. */
async function startMain(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: BACKEND,
    env: {
      ...process.env,
      SWC_NODE_PROJECT: 'tsconfig.json',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`src/main.ts exited (${child.exitCode}):\n${output}`);
      return fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
    },
    'the product to answer',
    // Two of them compile src/ at once with swc: over 90 s at load average 15 (a loaded run, issue 28 item 7).
    150_000,
  );
  return { child, url, output: () => output, exited };
}

/** The pids of a process's children, from /proc. */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

async function stop(started: Started | null): Promise<number | null> {
  if (!started || started.child.exitCode !== null) return started?.child.exitCode ?? null;
  started.child.kill('SIGTERM');
  return started.exited;
}

describe('several HTTP processes (issue 31: the product uses more than one core)', () => {
  let db: TestDatabase;
  let worker: RunningApp;
  let pool: ReturnType<TestDatabase['pool']>;
  const started: Started[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = db.pool({ max: 2 });
    worker = await bootstrap({ ROLE: 'worker', DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'warn', NODE_ENV: 'test' });
  });
  afterAll(async () => {
    for (const process of started) await stop(process);
    await worker?.close();
    await db?.drop();
  });

  const scansOf = async (qrId: string) => {
    const { rows } = await pool.query<{ n: number; ids: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT id)::int AS ids FROM events WHERE stream_id = $1 AND type = 'Scanned'",
      [`scans-${qrId}`],
    );
    return rows[0];
  };
  const scan = (url: string, shortCode: string) =>
    fetch(`${url}/d/${shortCode}`, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });

  it('ROLE=api, API_PROCESSES=2: two processes on one port, a killed one replaced, every scan recorded once', async () => {
    const api = await startMain({ DATABASE_URL: db.url, REDIS_URL, ROLE: 'api', API_PROCESSES: '2' });
    started.push(api);
    const pid = api.child.pid!;
    await until(() => childrenOf(pid).length === 2, 'two HTTP processes');
    const client = new TestClient(api.url);
    await signUp(client);
    const created = await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm('https://example.com/cluster'));
    expect(created.status).toBe(201);
    const { id: qrId, shortCode } = created.body as { id: string; shortCode: string };

    const burst = async (count: number) => {
      const statuses = await Promise.all(Array.from({ length: count }, () => scan(api.url, shortCode).then((res) => res.status)));
      expect(statuses).toEqual(Array(count).fill(302));
    };
    await burst(200);
    const [killed] = childrenOf(pid);
    process.kill(killed, 'SIGKILL');
    await until(() => {
      const now = childrenOf(pid);
      return now.length === 2 && !now.includes(killed);
    }, 'the primary to replace the killed HTTP process');
    await until(async () => (await scan(api.url, shortCode)).status === 302, 'both processes to answer again');
    await burst(200);
    // 400 in the bursts, and the 302 that said both answer again: one Scanned event each.
    await until(async () => (await scansOf(qrId)).n >= 401, 'the worker to ingest every scan', 60_000);
    expect(await scansOf(qrId)).toEqual({ n: 401, ids: 401 });

    expect(await stop(api)).toBe(0);
    expect(childrenOf(pid)).toEqual([]);
  }, 180_000);

  it('a pause made through one process stops the redirects of another, though its cache would keep the code 10 minutes', async () => {
    const settings = { DATABASE_URL: db.url, REDIS_URL, ROLE: 'api', API_PROCESSES: '1', SCAN_CACHE_TTL_MS: '600000' };
    const [one, other] = await Promise.all([startMain(settings), startMain(settings)]);
    started.push(one, other);
    const client = new TestClient(one.url);
    await signUp(client);
    const created = await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm('https://example.com/paused'));
    const { id, shortCode } = created.body as { id: string; shortCode: string };
    // The other process has the code in its cache.
    await until(async () => (await scan(other.url, shortCode)).status === 302, 'the other process to redirect');
    expect((await client.post(`/api/dynamic-qrcodes/${id}/pause`, {})).status).toBe(200);
    // Invalidated over Redis pub/sub when the worker projects the pause; the cache's TTL alone would take 10 minutes.
    await until(async () => (await scan(other.url, shortCode)).status !== 302, 'the other process to stop redirecting', 10_000);
  }, 180_000);
});
