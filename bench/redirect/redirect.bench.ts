/**
 * bench/redirect: (a) bare node:http answering 302 from a Map, (b) our GET /d/{code} with scan recording (API
 * process, ingester stopped), drain, (c) our /d/{code} again with the ingester running, drain. Prints req/s, p50,
 * p99 and scans recorded (Scanned events) versus 302s sent; (d) the same with Redis frozen for the whole run.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { PostgresEventStore } from '../../backend/src/event-store/postgres-event-store';
import { BROWSER_UA, freePort, freshDatabase, sleep, startProduct, startRedis, stopChild, waitForHttp } from './bench-support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** Runs of our endpoint send a fixed number of requests, so every 302 is counted (a timed run drops the in-flight ones). */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
/** (d): requests sent while Redis is frozen (SIGSTOP), every one of which must become one Scanned event. */
const FROZEN_REQUESTS = Number(process.env.BENCH_FROZEN_REQUESTS ?? 20_000);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  other: number;
  /** 302s including the warm-up's: each must become one Scanned event. */
  sent302: number;
}

async function load(url: string, fixed = false, amount = REQUESTS): Promise<Figures> {
  const warm = await autocannon({ url, connections: CONNECTIONS, amount: 5000, headers: { 'user-agent': BROWSER_UA } });
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(fixed ? { amount } : { duration: DURATION }),
    headers: { 'user-agent': BROWSER_UA },
  });
  const seconds = (performance.now() - started) / 1000;
  // Requests over wall time: autocannon's per-second average is coarse for a fixed amount (a last partial second).
  return {
    sent302: warm['3xx'] + result['3xx'],
    rps: (result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx']) / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    redirects: result['3xx'],
    other: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

const line = (name: string, f: Figures) =>
  `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms  ` +
  ` 302s ${f.redirects}   other ${f.other}`;

async function main() {
  console.log(`bench/redirect: ${CONNECTIONS} connections, ${DURATION} s per run (+2 s warm-up), user agent of a real browser`);
  // (a) bare node:http
  const map = new Map([['bench1', 'https://example.com/menu']]);
  // In a child process like ours, so the load generator does not share its event loop.
  const barePort = await freePort();
  const bareChild = spawn(
    process.execPath,
    [
      '-e',
      `require('http').createServer((q,s)=>{const ` +
        `m=${JSON.stringify(Object.fromEntries(map))}[q.url.slice(3)];` +
        `s.writeHead(m?302:404,m?{Location:m,'Content-Length':'0'}:{'Content-Length':'0'});s.end()}).listen(${barePort},'127.0.0.1')`,
    ],
    { stdio: 'inherit' },
  );
  let a: Figures;
  try {
    await waitForHttp(`http://127.0.0.1:${barePort}/d/bench1`);
    a = await load(`http://127.0.0.1:${barePort}/d/bench1`);
  } finally {
    bareChild.kill();
  }
  console.log(line('(a) bare node:http 302 from a Map', a));

  const redis = await startRedis();
  const db = await freshDatabase();
  const pool = new Pool({ connectionString: db.url, max: 4 });
  // Every pg connection gets an 'error' listener: one the server ends between queries would otherwise end the process.
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool, { connectionString: db.url });
  const port = await freePort();
  const env = { DATABASE_URL: db.url, REDIS_URL: redis.url, PORT: String(port), HOST: '127.0.0.1' };
  let worker = startProduct('worker', env);
  const api = startProduct('main', { ...env, ROLE: 'api' });
  try {
    // Two codes: timed runs on `bench1` give req/s and latency (autocannon ends a fixed-amount run on its 1 s tick,
    // which would round the rate); fixed-amount runs on `ledger1` count every 302 against its Scanned events.
    const codes: Record<string, string> = {};
    for (const shortCode of ['bench1', 'ledger1', 'frozen0', 'frozen1', 'cluster1']) {
      const qrId = (codes[shortCode] = randomUUID());
      await store.append(
        `qr-${qrId}`,
        [
          {
            id: randomUUID(),
            type: 'QrCreated',
            data: {
              qrId,
              userId: randomUUID(),
              mode: 'dynamic',
              qrType: 'url',
              shortCode,
              destination: 'https://example.com/menu',
              fields: { url: 'https://example.com/menu' },
            },
            metadata: {
              tenantId: 1,
              actorId: 'bench',
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    }
    for (let i = 0; (await pool.query('SELECT 1 FROM scan_targets WHERE short_code = $1', ['ledger1'])).rowCount === 0; i++) {
      if (i > 600) throw new Error('scan_targets never got the codes');
      await sleep(100);
    }
    const target = `http://127.0.0.1:${port}/d/bench1`;
    const ledgerTarget = `http://127.0.0.1:${port}/d/ledger1`;
    await waitForHttp(target);
    await stopChild(worker); // (b) measures the API alone: the scans wait in the Redis stream

    const scanned = async (qrId?: string) =>
      Number(
        (
          await pool.query(
            `SELECT count(*)::int AS n FROM events WHERE type = 'Scanned'${qrId ? ' AND stream_id = $1' : ''}`,
            qrId ? [`scans-${qrId}`] : [],
          )
        ).rows[0].n,
      );
    const probe = new Redis(redis.url);
    const streamLength = () => probe.xlen(`qrs:${db.name}:scans`);
    // The drain's clock starts when the worker is started, so it includes the worker's boot; `firstStored` also notes
    // when the first scan of the drain was stored and how many were by then, for the rate once the ingester runs.
    let firstStored: { at: number; count: number } | null = null;
    const drain = async (ledgerExpected: number, before?: number) => {
      const started = Date.now();
      firstStored = null;
      while ((await scanned(codes.ledger1)) < ledgerExpected || (await streamLength()) > 0) {
        if (Date.now() - started > 600_000) break;
        if (before !== undefined && !firstStored) {
          const count = await scanned();
          if (count > before) firstStored = { at: Date.now(), count };
        }
        await sleep(before !== undefined && !firstStored ? 20 : 250);
      }
      return (Date.now() - started) / 1000;
    };
    const b = await load(target);
    console.log(line('(b) our /d/{code}, recording, ingester off', b));
    console.log(`    (b) is ${((100 * b.rps) / a.rps).toFixed(0)}% of (a); target >= 50% with p99 < 20 ms`);
    const beforeRuns = await compareBefore(env, b, a);
    const bLedger = await load(ledgerTarget, true);
    console.log(line('    the same, a fixed 100,000 on a 2nd code', bLedger));
    const beforeDrain = await scanned();
    const buffered = await streamLength();
    worker = startProduct('worker', env);
    const drainB = await drain(bLedger.sent302, beforeDrain);
    const drainEnded = Date.now();
    const afterB = await scanned();
    const drainRate = (afterB - beforeDrain) / drainB;
    const first = firstStored as { at: number; count: number } | null;
    const steadyRate = first && drainEnded > first.at ? (afterB - first.count) / ((drainEnded - first.at) / 1000) : drainRate;
    console.log(
      `    drained: ${afterB - beforeDrain} Scanned events in ${drainB.toFixed(1)} s (${drainRate.toFixed(0)} ` +
        `scans/s ingested, the worker's boot included: ${((100 * drainRate) / a.rps).toFixed(0)}% of (a)); stream held ${buffered}`,
    );
    const firstAfter = first ? ((first.at - drainEnded) / 1000 + drainB).toFixed(1) : '?';
    console.log(
      `    from the first scan stored (${firstAfter} s after the worker's start): ` +
        `${steadyRate.toFixed(0)} scans/s = ${((100 * steadyRate) / a.rps).toFixed(0)}% of (a); target >= 35%`,
    );

    const c = await load(target);
    console.log(line('(c) our /d/{code}, recording, ingester on', c));
    const cLedger = await load(ledgerTarget, true);
    console.log(line('    the same, a fixed 100,000 on a 2nd code', cLedger));
    const drainC = await drain(bLedger.sent302 + cLedger.sent302);
    const total = await scanned(codes.ledger1);
    console.log(`    drained again in ${drainC.toFixed(1)} s`);
    const sent = bLedger.sent302 + cLedger.sent302;
    console.log(
      `recorded vs 302s (2nd code, warm-ups included): ${total} Scanned events, ${sent} 302s sent: ` +
        `${total === sent ? 'equal' : 'DIFFERENT'}`,
    );

    // (d) Redis frozen (SIGSTOP) for a whole fixed-amount run, the ingester on: every command times out, and the
    // scans go straight to the event store. Once on an API whose breaker re-opens after 1 ms (every batch waits for
    // Redis's timeout: what the product did before the breaker), then on our API with its default break.
    const frozenRun = async (apiPort: number, shortCode: string) => {
      redis.process?.kill('SIGSTOP');
      let figures: Figures;
      try {
        figures = await load(`http://127.0.0.1:${apiPort}/d/${shortCode}`, true, FROZEN_REQUESTS);
      } finally {
        redis.process?.kill('SIGCONT');
      }
      const started = Date.now();
      while ((await scanned(codes[shortCode])) < figures.sent302 || (await streamLength()) > 0) {
        if (Date.now() - started > 600_000) break;
        await sleep(250);
      }
      return { figures, recorded: await scanned(codes[shortCode]) };
    };
    const unbrokenPort = await freePort();
    const unbroken = startProduct('main', { ...env, ROLE: 'api', PORT: String(unbrokenPort), SCAN_REDIS_BREAK_MS: '1' });
    let d0: Awaited<ReturnType<typeof frozenRun>>;
    try {
      await waitForHttp(`http://127.0.0.1:${unbrokenPort}/d/not-a-code`); // a 404 records no scan
      d0 = await frozenRun(unbrokenPort, 'frozen0');
    } finally {
      await stopChild(unbroken);
    }
    console.log(line('(d0) Redis frozen, no break (each batch waits)', d0.figures));
    const d = await frozenRun(port, 'frozen1');
    console.log(line('(d) Redis frozen, the breaker on (default)', d.figures));
    console.log(
      `    (d0) is ${((100 * d0.figures.rps) / b.rps).toFixed(0)}% of (b), ` +
        `(d) is ${((100 * d.figures.rps) / b.rps).toFixed(0)}%; target >= 50%`,
    );
    for (const [name, run] of [
      ['d0', d0],
      ['d', d],
    ] as const)
      console.log(
        `recorded vs 302s (${name}, Redis frozen, warm-up included): ${run.recorded} Scanned events, ${run.figures.sent302} 302s sent: ` +
          `${run.recorded === run.figures.sent302 ? 'equal' : 'DIFFERENT'}`,
      );

    // (e) two HTTP processes on one port (API_PROCESSES=2, node:cluster) with the ingester on, as (c).
    const clusterPort = await freePort();
    const clustered = startProduct('main', { ...env, ROLE: 'api', PORT: String(clusterPort), API_PROCESSES: '2' });
    let e: Figures;
    let eLedger: Figures;
    let clusterTotal: number;
    try {
      await waitForHttp(`http://127.0.0.1:${clusterPort}/d/not-a-code`);
      e = await load(`http://127.0.0.1:${clusterPort}/d/bench1`);
      console.log(line('(e) two HTTP processes, ingester on', e));
      eLedger = await load(`http://127.0.0.1:${clusterPort}/d/cluster1`, true);
      console.log(line('    the same, a fixed 100,000 on a 5th code', eLedger));
      const started = Date.now();
      while ((await scanned(codes.cluster1)) < eLedger.sent302 || (await streamLength()) > 0) {
        if (Date.now() - started > 600_000) break;
        await sleep(250);
      }
      clusterTotal = await scanned(codes.cluster1);
    } finally {
      await stopChild(clustered);
    }
    probe.disconnect();
    console.log(`    (e) is ${((100 * e.rps) / c.rps).toFixed(0)}% of (c) and ${((100 * e.rps) / a.rps).toFixed(0)}% of (a)`);
    console.log(
      `recorded vs 302s (e, 5th code, warm-up included): ${clusterTotal} Scanned events, ${eLedger.sent302} 302s sent: ` +
        `${clusterTotal === eLedger.sent302 ? 'equal' : 'DIFFERENT'}`,
    );
    console.log(
      JSON.stringify({
        e,
        eLedger,
        clusterScannedEvents: clusterTotal,
        a,
        b,
        c,
        d0: d0.figures,
        d: d.figures,
        bLedger,
        cLedger,
        ledgerScannedEvents: total,
        frozenScannedEvents: { d0: d0.recorded, d: d.recorded },
        bPercentOfA: (100 * b.rps) / a.rps,
        drainB: {
          seconds: drainB,
          rate: drainRate,
          steadyRate,
          percentOfA: (100 * drainRate) / a.rps,
          steadyPercentOfA: (100 * steadyRate) / a.rps,
        },
        dPercentOfB: (100 * d.figures.rps) / b.rps,
        before: beforeRuns,
        d0PercentOfB: (100 * d0.figures.rps) / b.rps,
      }),
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

/**
 * BENCH_BEFORE=name=dir[,name=dir]: (b) is also run on the API of each other checkout (the code before a change, with
 * its own node_modules), on the same database (its codes projected by our worker) and a Redis of its own whose stream
 * nobody drains, then on ours again, so that before and after meet the same load in one run.
 */
async function compareBefore(env: Record<string, string>, ours: Figures, a: Figures) {
  const trees = (process.env.BENCH_BEFORE ?? '').split(',').filter(Boolean);
  const runs: Record<string, Figures> = {};
  for (const entry of trees) {
    const [name, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
    const redis = await startRedis();
    const port = await freePort();
    const api = startProduct('main', { ...env, REDIS_URL: redis.url, PORT: String(port), ROLE: 'api' }, dir);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/d/bench1`);
      runs[name] = await load(`http://127.0.0.1:${port}/d/bench1`);
    } finally {
      await stopChild(api);
      await redis.destroy();
    }
    console.log(line(`(b) before: ${name}`, runs[name]));
  }
  if (trees.length === 0) return runs;
  const again = await load(`http://127.0.0.1:${env.PORT}/d/bench1`);
  console.log(line('(b) ours again', again));
  const mean = (ours.rps + again.rps) / 2;
  for (const [name, figures] of Object.entries(runs))
    console.log(
      `    ${name}: ${((100 * figures.rps) / a.rps).toFixed(0)}% of (a); ours (mean of the two runs around it) ` +
        `${((100 * mean) / a.rps).toFixed(0)}% of (a) = ${(mean / figures.rps).toFixed(2)}x ${name}`,
    );
  runs.oursAgain = again;
  return runs;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
