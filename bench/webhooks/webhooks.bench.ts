/**
 * bench/webhooks: events -> delivery ledger -> Bull -> signed POSTs, end to end on a booted app (role `all`: the
 * dispatcher, the `webhooks` queue and the sender) and a loopback receiver in the same process
 * (backend/src/test-support/webhook-receiver.ts). Not a test: it prints figures.
 *
 * For each size in BENCH_SIZES (default 1000,10000) deliveries: one webhook, BENCH_CODES codes (default 50), each
 * code's `code.created` and then scans spread over the codes until the size is reached, appended in batches of 500
 * while the worker runs. It prints the deliveries per second from the first append to the last accepted delivery,
 * the longest pause between two accepted deliveries (a stall shows there), and, in the same process run, the same
 * number of signed POSTs of the same bodies sent by bare node:http at WEBHOOK_CONCURRENCY at once (the baseline: what
 * sending alone costs here), and the ratio. Each run checks that every ledger row was accepted exactly once, each
 * attempt with a valid Standard Webhooks signature.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { DataSource } from 'typeorm';
import { bootstrap } from '../../backend/src/bootstrap';
import { DEFAULT_STORED_STYLE, qrStream, type QrCreated } from '../../backend/src/codes';
import type { StreamAppend } from '../../backend/src/event-store/event-store';
import { scanStream, type Scanned } from '../../backend/src/scans';
import { scannedEvent } from '../../backend/src/scans/scan-fixtures';
import { testEvents } from '../../backend/src/test-support/events';
import { verifyStandardWebhook, WebhookReceiver } from '../../backend/src/test-support/webhook-receiver';
import { webhookStream, type WebhookCreated } from '../../backend/src/webhooks';
import { newWebhookSecret } from '../../backend/src/webhooks/webhook.commands';
import { WebhookQueue } from '../../backend/src/webhooks/webhook-queue';
import { freshDatabase, startRedis } from '../redirect/bench-support';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const CODES = Number(process.env.BENCH_CODES ?? 50);
const CONCURRENCY = Number(process.env.WEBHOOK_CONCURRENCY ?? 8);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 900_000);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

interface Run {
  deliveries: number;
  seconds: number;
  appendSeconds: number;
  longestPauseMs: number;
  requests: number;
}

/** Distinct webhook-ids answered 200, and the longest pause between two new ones. */
function tracker(receiver: WebhookReceiver) {
  const ids = new Set<string>();
  let seen = 0;
  let lastAt = performance.now();
  let longest = 0;
  return {
    poll(): number {
      for (; seen < receiver.received.length; seen++) {
        const delivery = receiver.received[seen];
        if (delivery.answered !== 200) continue;
        const id = String(delivery.headers['webhook-id']);
        if (ids.has(id)) continue;
        ids.add(id);
        const now = performance.now();
        longest = Math.max(longest, now - lastAt);
        lastAt = now;
      }
      return ids.size;
    },
    get longestPauseMs() {
      return longest;
    },
  };
}

async function productRun(size: number): Promise<Run & { bodies: string[] }> {
  const receiver = new WebhookReceiver();
  const url = await receiver.start();
  const redis = await startRedis();
  const db = await freshDatabase();
  const app = await bootstrap(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      ALLOW_PRIVATE_DESTINATIONS: 'true',
      WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      MAIL_OUTBOX_DIR: `/tmp/qrs-bench-outbox-${db.name}`,
    },
    { handleSignals: false },
  );
  try {
    const writer = testEvents(app.app);
    const ownerId = randomUUID();
    const secret = newWebhookSecret();
    const webhookId = randomUUID();
    const created: WebhookCreated = {
      webhookId,
      ownerId,
      url: `${url}/hook`,
      events: ['code.created', 'scan.created'],
      includeBots: false,
      secret,
    };
    const codes = Array.from({ length: Math.min(CODES, size) }, () => ({ qrId: randomUUID(), shortCode: randomUUID().slice(0, 8) }));
    const progress = tracker(receiver);
    const ds = app.app.get(DataSource);
    const queue = app.app.get(WebhookQueue).queue;
    /** Where the deliveries are: the ledger's rows by status, Bull's jobs by state, the machine's load. */
    const state = async () => {
      const rows = (await ds.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`)) as {
        status: string;
        n: number;
      }[];
      const jobs = await queue.getJobCounts();
      const ledger = rows.map((row) => `${row.status} ${row.n}`).join(', ') || 'empty';
      return `ledger: ${ledger}; jobs: ${JSON.stringify(jobs)}; load ${load()}`;
    };
    const started = performance.now();
    await writer.append(webhookStream(webhookId), [writer.event('WebhookCreated', created, { actorId: ownerId })], 'no_stream');
    await writer.store.appendMany(
      codes.map(({ qrId, shortCode }) => {
        const data: QrCreated = {
          qrId,
          userId: ownerId,
          mode: 'dynamic',
          qrType: 'url',
          shortCode,
          destination: 'https://example.com/',
          fields: { url: 'https://example.com/' },
          style: DEFAULT_STORED_STYLE,
          errorCorrectionLevel: 'M',
          logoFileName: null,
          logoFilePath: null,
        };
        return { streamId: qrStream(qrId), events: [writer.event('QrCreated', data, { actorId: ownerId })], expectedRevision: 'no_stream' };
      }),
    );
    for (let made = codes.length; made < size;) {
      const appends: StreamAppend[] = [];
      for (; appends.length < 500 && made < size; made++) {
        const { qrId, shortCode } = codes[made % codes.length];
        const scan: Scanned = {
          scanId: randomUUID(),
          qrId,
          shortCode,
          scannedAt: new Date().toISOString(),
          visitorHash: `v${made}`,
          device: 'mobile',
          os: 'iOS',
          browser: 'Safari',
          referrer: null,
          country: 'NL',
          language: null,
          isBot: false,
          botReason: null,
        };
        appends.push({ streamId: scanStream(qrId), events: [scannedEvent(scan, 1)], expectedRevision: 'any' });
      }
      await writer.store.appendMany(appends);
      progress.poll();
    }
    const appendSeconds = (performance.now() - started) / 1000;
    console.log(`  appended ${size} events' worth in ${appendSeconds.toFixed(1)} s; ${await state()}`);
    let reported = performance.now();
    while (progress.poll() < size) {
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`stalled: ${progress.poll()} of ${size} accepted`);
      if (performance.now() - reported > 10_000) {
        reported = performance.now();
        console.log(`  ... ${progress.poll()} of ${size} accepted after ${((reported - started) / 1000).toFixed(0)} s; ${await state()}`);
      }
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;

    // Exactly once, all signed: one ledger row per delivery, each accepted once, every attempt verifies.
    const rows = (await ds.query(`SELECT message_id, status FROM webhook_deliveries`)) as { message_id: string; status: string }[];
    const accepted = new Map<string, number>();
    let unsigned = 0;
    for (const delivery of receiver.received) {
      if (!verifyStandardWebhook(secret, delivery.headers, delivery.body)) unsigned++;
      if (delivery.answered === 200) {
        const id = String(delivery.headers['webhook-id']);
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
      }
    }
    const twice = [...accepted.values()].filter((count) => count > 1).length;
    const missing = rows.filter((row) => !accepted.has(row.message_id)).length;
    if (rows.length !== size || missing || twice || unsigned || accepted.size !== size)
      throw new Error(`ledger ${rows.length} rows, ${accepted.size} accepted, ${missing} missing, ${twice} twice, ${unsigned} unsigned`);
    return {
      deliveries: size,
      seconds,
      appendSeconds,
      longestPauseMs: progress.longestPauseMs,
      requests: receiver.received.length,
      bodies: receiver.received.map((delivery) => delivery.body),
    };
  } finally {
    await app.close();
    await db.drop();
    await redis.stop();
    await receiver.close();
  }
}

/** The baseline: the same bodies POSTed by bare node:http, signed the same way, CONCURRENCY at once, no agent reuse. */
async function bareRun(bodies: string[]): Promise<Run> {
  const receiver = new WebhookReceiver();
  const url = new URL(`${await receiver.start()}/hook`);
  const secret = newWebhookSecret();
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const progress = tracker(receiver);
  const started = performance.now();
  let next = 0;
  const post = (body: string, index: number) =>
    new Promise<void>((resolve, reject) => {
      const id = `msg_${index.toString(16).padStart(32, '0')}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      const req = request(
        url,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': `v1,${signature}`,
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const index = next++;
        await post(bodies[index], index);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const accepted = progress.poll();
  await receiver.close();
  if (accepted !== bodies.length) throw new Error(`bare: ${accepted} of ${bodies.length} accepted`);
  return { deliveries: bodies.length, seconds, appendSeconds: 0, longestPauseMs: progress.longestPauseMs, requests: bodies.length };
}

async function main() {
  console.log(`webhooks bench: ${CODES} codes, WEBHOOK_CONCURRENCY ${CONCURRENCY}, load ${load()}`);
  for (const size of SIZES) {
    const ours = await productRun(size);
    const bare = await bareRun(ours.bodies);
    const rate = (run: Run) => run.deliveries / run.seconds;
    console.log(
      `${size} deliveries: product ${rate(ours).toFixed(0)}/s (${ours.seconds.toFixed(1)} s, appends done at ` +
        `${ours.appendSeconds.toFixed(1)} s, longest pause ${(ours.longestPauseMs / 1000).toFixed(2)} s, ${ours.requests} requests); ` +
        `bare node:http ${rate(bare).toFixed(0)}/s (${bare.seconds.toFixed(1)} s); ` +
        `ratio ${((rate(ours) / rate(bare)) * 100).toFixed(1)}% ` +
        `of bare; each accepted once, all signed; load ${load()}`,
    );
  }
}

process.on('exit', (code) => console.log(`webhooks bench: exit ${code}`));
main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
