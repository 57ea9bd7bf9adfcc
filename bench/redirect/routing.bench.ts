/**
 * bench/redirect routing (issue 33): what a code's routing costs the redirect. One API process (ingester off, as
 * redirect.bench's (b)) answers three dynamic codes in alternating timed runs, so that the machine's noise falls on
 * all three alike: `plain1` without routing, `routed1` with 10 rules that all miss (each asks the device, the
 * language and the hour in Berlin, the worst case: every rule is read to its end) and a 70/30 split, `capped1` the
 * same plus a cap (one Redis INCR per human scan). Prints req/s and p99 per run, the medians, and each routed code as
 * a percentage of the plain one: the target is >= 90% for `routed1`.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PostgresEventStore } from '../../backend/src/event-store/postgres-event-store';
import { BROWSER_UA, freePort, freshDatabase, sleep, startProduct, startRedis, stopChild, waitForHttp } from './bench-support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const RULES = Array.from({ length: 10 }, (_, i) => ({
  when: {
    device: ['mobile', 'tablet'],
    language: [['fr', 'es', 'it', 'nl', 'pl', 'sv', 'da', 'fi', 'pt', 'cs'][i]],
    hours: { from: '00:00', to: '23:59' },
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    timeZone: 'Europe/Berlin',
  },
  destination: `https://example.com/rule-${i + 1}`,
}));
const SPLIT = [
  { destination: 'https://example.com/a', weight: 70 },
  { destination: 'https://example.com/b', weight: 30 },
];
const ROUTINGS: Record<string, object | null> = {
  plain1: null,
  routed1: { rules: RULES, split: SPLIT },
  capped1: { rules: RULES, split: SPLIT, limits: { maxScans: 1_000_000_000 } },
};

interface Run {
  rps: number;
  p99: number;
  redirects: number;
  other: number;
}

async function load(url: string): Promise<Run> {
  const headers = { 'user-agent': BROWSER_UA, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
  await autocannon({ url, connections: CONNECTIONS, amount: 3000, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    redirects: result['3xx'],
    other: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function main() {
  console.log(`bench/redirect routing: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per code, alternating`);
  const redis = await startRedis();
  const db = await freshDatabase();
  const pool = new Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool, { connectionString: db.url });
  const port = await freePort();
  const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: String(port), HOST: '127.0.0.1' };
  const worker = startProduct('worker', env);
  const api = startProduct('main', { ...env, ROLE: 'api' });
  try {
    const metadata = () => ({
      tenantId: 1,
      actorId: 'bench',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    });
    for (const [shortCode, routing] of Object.entries(ROUTINGS)) {
      const qrId = randomUUID();
      const destination = 'https://example.com/menu';
      const created = {
        id: randomUUID(),
        type: 'QrCreated',
        data: { qrId, userId: randomUUID(), mode: 'dynamic', qrType: 'url', shortCode, destination, fields: { url: destination } },
        metadata: metadata(),
      };
      const routed = routing && {
        id: randomUUID(),
        type: 'QrRoutingChanged',
        data: { qrId, before: null, after: routing },
        metadata: metadata(),
      };
      await store.append(`qr-${qrId}`, routed ? [created, routed] : [created], { expectedRevision: 'no_stream' });
    }
    for (let i = 0; ; i++) {
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM scan_targets WHERE routing IS NOT NULL`);
      if (rows[0].n === 2) break;
      if (i > 1800) throw new Error(`scan_targets has ${rows[0].n} of the 2 routed codes after 3 minutes`);
      await sleep(100);
    }
    await waitForHttp(`http://127.0.0.1:${port}/d/plain1`);
    await stopChild(worker); // the API alone, as redirect.bench's (b): the scans wait in the Redis stream

    // The routed code must really route: its 302 goes to the split's arms, never to the code's own destination.
    const probe = await fetch(`http://127.0.0.1:${port}/d/routed1`, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA, 'accept-language': 'de-DE,de;q=0.9' },
    });
    const location = probe.headers.get('location') ?? '';
    if (!/example\.com\/(a|b)$/.test(location)) throw new Error(`routed1 answered ${probe.status} ${location}, not a split arm`);

    const runs: Record<string, Run[]> = { plain1: [], routed1: [], capped1: [] };
    for (let round = 1; round <= ROUNDS; round++)
      for (const code of Object.keys(runs)) {
        const run = await load(`http://127.0.0.1:${port}/d/${code}`);
        runs[code].push(run);
        console.log(
          `round ${round} ${code.padEnd(8)} ${run.rps.toFixed(0).padStart(7)} req/s   p99 ${String(run.p99).padStart(3)} ms` +
            `   302s ${run.redirects}   other ${run.other}`,
        );
      }
    const rps = Object.fromEntries(Object.entries(runs).map(([code, list]) => [code, median(list.map((run) => run.rps))]));
    const p99 = Object.fromEntries(Object.entries(runs).map(([code, list]) => [code, median(list.map((run) => run.p99))]));
    for (const code of Object.keys(runs))
      console.log(
        `median ${code.padEnd(8)} ${rps[code].toFixed(0).padStart(7)} req/s   p99 ${p99[code]} ms` +
          (code === 'plain1' ? '' : `   = ${((100 * rps[code]) / rps.plain1).toFixed(1)}% of plain1`),
      );
    console.log(`target: routed1 (10 rules and a split) >= 90% of plain1`);
    console.log(
      JSON.stringify({ rps, p99, routedPercent: (100 * rps.routed1) / rps.plain1, cappedPercent: (100 * rps.capped1) / rps.plain1 }),
    );
  } finally {
    await stopChild(api);
    await stopChild(worker);
    await store.close();
    await pool.end();
    await redis.destroy();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
