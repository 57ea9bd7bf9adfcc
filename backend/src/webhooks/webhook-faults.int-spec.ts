import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { DEFAULT_STORED_STYLE, qrStream, type QrCreated } from '../codes';
import { bootstrap, RunningApp } from '../bootstrap';
import type { StreamAppend } from '../event-store/event-store';
import { scanStream, type Scanned } from '../scans';
import { scannedEvent } from '../scans/scan-fixtures';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { testEvents } from '../test-support/events';
import { until } from '../test-support/until';
import { verifyStandardWebhook, WebhookReceiver } from '../test-support/webhook-receiver';
import { webhookStream, type WebhookCreated } from './webhook.events';
import { newWebhookSecret } from './webhook.commands';

const REPO = resolve(__dirname, '../../..');
const CODES = 10;
const SCANS_PER_CODE = 40;
const DELIVERIES = CODES * (1 + SCANS_PER_CODE);
const WAIT_MS = 60_000;

/** The worker role in a child process (dispatchers and queues), SIGKILLed like a crash. */
function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'backend/src/worker.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env, SWC_NODE_PROJECT: 'backend/tsconfig.json' },
    stdio: 'ignore',
  });
}
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

/**
 * Like mail-faults: 410 deliveries (10 codes' code.created and 40 scans each) while the worker is SIGKILLed twice
 * mid-delivery and SIGTERMed once; a worker in the test's process finishes. Nothing is lost, each code's deliveries
 * are accepted in the store's order, and the only doubles are deliveries a kill interrupted.
 */
describe('webhook deliveries under faults: the worker SIGKILLed twice mid-delivery', () => {
  const receiver = new WebhookReceiver();
  let db: TestDatabase;
  let api: RunningApp;
  let worker: ChildProcess | null = null;
  let env: Record<string, string>;
  let receiverUrl: string;

  beforeAll(async () => {
    const url = await receiver.start();
    receiver.delayMs = 15;
    db = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      MAIL_OUTBOX_DIR: `/tmp/qrs-test-outbox/${db.name}`,
      ALLOW_PRIVATE_DESTINATIONS: 'true',
      WEBHOOK_CONCURRENCY: '8',
      WEBHOOK_ATTEMPTS: '30',
      WEBHOOK_BACKOFF_MS: '100',
      WEBHOOK_JOB_LOCK_MS: '2000',
      WEBHOOK_SWEEP_MS: '1000',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    receiverUrl = url;
    api = await bootstrap({ ...env, ROLE: 'api' });
  });
  afterAll(async () => {
    if (worker) {
      worker.kill('SIGKILL');
      await exited(worker);
    }
    await api?.close();
    await db?.drop();
    await receiver.close();
    await rm(`/tmp/qrs-test-outbox/${db?.name}`, { recursive: true, force: true });
  });

  it('every delivery arrives, each code in store order; doubles only where a kill interrupted a delivery', async () => {
    const started = Date.now();
    const writer = testEvents(api.app);
    const ownerId = randomUUID();
    const secret = newWebhookSecret();
    const webhookId = randomUUID();
    const created: WebhookCreated = {
      webhookId,
      ownerId,
      url: `${receiverUrl}/hook`,
      events: ['code.created', 'scan.created'],
      includeBots: false,
      secret,
    };
    await writer.append(webhookStream(webhookId), [writer.event('WebhookCreated', created, { actorId: ownerId })], 'no_stream');
    const codes = Array.from({ length: CODES }, () => ({ qrId: randomUUID(), shortCode: randomUUID().slice(0, 8) }));
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
    for (let round = 0; round < SCANS_PER_CODE; round++) {
      const appends: StreamAppend[] = codes.map(({ qrId, shortCode }) => {
        const scan: Scanned = {
          scanId: randomUUID(),
          qrId,
          shortCode,
          scannedAt: new Date(Date.now() + round).toISOString(),
          visitorHash: 'v',
          device: 'mobile',
          os: 'iOS',
          browser: 'Safari',
          referrer: null,
          country: null,
          language: null,
          isBot: false,
          botReason: null,
        };
        return { streamId: scanStream(qrId), events: [scannedEvent(scan, 1)], expectedRevision: 'any' };
      });
      await writer.store.appendMany(appends);
    }
    const accepted = () =>
      new Set(receiver.received.filter((delivery) => delivery.answered === 200).map((d) => d.headers['webhook-id'])).size;

    const marks: string[] = [];
    const mark = (name: string) => marks.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}`);
    const kills: number[] = [];
    worker = startWorker(env);
    await until(() => accepted() >= 80, 'the first 80 deliveries', WAIT_MS);
    mark('80 accepted, SIGKILL');
    worker.kill('SIGKILL');
    await exited(worker);
    kills.push(accepted());
    worker = startWorker(env);
    await until(() => accepted() >= kills[0] + 120, '120 more deliveries', WAIT_MS);
    mark('120 more, SIGKILL');
    worker.kill('SIGKILL');
    await exited(worker);
    kills.push(accepted());
    worker = startWorker(env);
    await until(() => accepted() >= kills[1] + 60, '60 more deliveries', WAIT_MS);
    mark('60 more, SIGTERM');
    const terminated = exited(worker);
    worker.kill('SIGTERM');
    await terminated;
    worker = null;

    const ds = api.app.get(DataSource);
    const last = await bootstrap({ ...env, ROLE: 'worker' });
    try {
      await until(
        async () =>
          ((await ds.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'`)) as { n: number }[])[0].n ===
          DELIVERIES,
        'every ledger row to be delivered',
        90_000,
      );
      mark('all delivered');
    } finally {
      await last.close();
    }

    const rows = (await ds.query(`SELECT message_id, qr_id, seq::int AS seq, interrupted FROM webhook_deliveries ORDER BY seq`)) as {
      message_id: string;
      qr_id: string;
      seq: number;
      interrupted: number;
    }[];
    const acceptedIds = new Map<string, number>();
    const firstAccepted: string[] = [];
    for (const delivery of receiver.received) {
      expect(verifyStandardWebhook(secret, delivery.headers, delivery.body)).toBe(true);
      if (delivery.answered !== 200) continue;
      const id = String(delivery.headers['webhook-id']);
      if (!acceptedIds.has(id)) firstAccepted.push(id);
      acceptedIds.set(id, (acceptedIds.get(id) ?? 0) + 1);
    }
    const missing = rows.filter((row) => !acceptedIds.has(row.message_id));
    const doubled = [...acceptedIds].filter(([, count]) => count > 1).map(([id]) => id);
    const interrupted = new Set(rows.filter((row) => row.interrupted > 0).map((row) => row.message_id));
    // Per code, the deliveries were first accepted in the ledger's (the store's) order.
    const position = new Map(firstAccepted.map((id, index) => [id, index]));
    const outOfOrder = codes.filter(({ qrId }) => {
      const order = rows.filter((row) => row.qr_id === qrId).map((row) => position.get(row.message_id) ?? -1);
      return order.some((value, index) => index > 0 && value < order[index - 1]);
    });
    console.log(marks.join('; '));
    console.log(
      `webhook faults: ${DELIVERIES} deliveries in ${((Date.now() - started) / 1000).toFixed(1)} s; worker SIGKILLed after ` +
        `${kills.join(' and ')} accepted; ${receiver.received.length} requests in all; ledger: ${interrupted.size} interrupted; ` +
        `accepted twice: ${doubled.length}`,
    );
    expect(rows).toHaveLength(DELIVERIES);
    expect(missing).toEqual([]);
    expect(outOfOrder.map((code) => code.qrId)).toEqual([]);
    expect(doubled.filter((id) => !interrupted.has(id))).toEqual([]);
    expect(interrupted.size).toBeGreaterThan(0);
  }, 180_000);
});
