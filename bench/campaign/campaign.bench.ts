/**
 * bench/campaign: one newsletter campaign to BENCH_RECIPIENTS (default 10,000) confirmed subscribers, end to end on a
 * booted app (role `all`: API, dispatcher, Bull queue, sender) and a loopback SMTP server that counts what it accepts
 * (no parsing: the figure is the product's). Prints:
 *   - the POST /api/send-newsletter answer time (one CampaignStarted, whatever the audience),
 *   - the expansion: time until the ledger holds every recipient's row (one INSERT … SELECT in the dispatcher),
 *   - mails per second from the request to the last acceptance, and the campaign's progress figures at the end,
 *   - memory: the process's peak RSS and heap (sampled every 250 ms) against their values before the request.
 * Not a test: it prints figures. MAIL_CONCURRENCY from BENCH_CONCURRENCY (default 4, the product's default).
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { bootstrap } from '../../backend/src/bootstrap';
import { TestClient } from '../../backend/src/test-support/http';
import { grantRole, signUp } from '../../backend/src/test-support/users';
import type { TestApp } from '../../backend/src/test-support/test-app';
import { freshDatabase, sleep, startRedis } from '../redirect/bench-support';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function countingSmtp(): Promise<{ url: string; accepted: () => number; close: () => Promise<void> }> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, accepted: () => accepted, close: () => new Promise((done) => server.close(() => done())) };
}

async function main(): Promise<void> {
  const smtp = await countingSmtp();
  const redis = await startRedis();
  const db = await freshDatabase();
  const app = await bootstrap({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    SMTP_URL: smtp.url,
    MAIL_CONCURRENCY: String(CONCURRENCY),
  });
  try {
    const ds = app.app.get(DataSource);
    const admin = new TestClient(app.url!);
    const boss = await signUp(admin, 'bench-admin@example.com');
    await grantRole({ app: app.app } as unknown as TestApp, boss.id, 'admin');
    // The audience: confirmed rows of the newsletter list (the read model the campaign reads), written at once.
    await ds.query(
      `INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, confirmed_at, is_deleted)
       SELECT gen_random_uuid(), 1, 'reader-' || n || '@example.com', now(), now(), false FROM generate_series(1, $1) AS n`,
      [RECIPIENTS],
    );
    global.gc?.();
    await sleep(1000);
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 250);

    const baseline = smtp.accepted(); // the admin's welcome mail
    const sent = () => smtp.accepted() - baseline;
    const started = performance.now();
    const res = await admin.post('/api/send-newsletter', { subject: 'Bench tips', content: 'Ten thousand sharks.\n\nOne campaign.' });
    const answered = performance.now();
    if (res.status !== 200) throw new Error(`send-newsletter: ${res.status} ${res.text}`);
    const { campaignId, recipientCount } = res.body as { campaignId: string; recipientCount: number };

    let expanded = 0;
    for (;;) {
      const [{ rows }] = (await ds.query('SELECT count(*)::int AS rows FROM mail_ledger WHERE source_id = $1', [campaignId])) as {
        rows: number;
      }[];
      if (rows >= recipientCount) break;
      await sleep(20);
    }
    expanded = performance.now();
    const deadline = Date.now() + 30 * 60_000;
    let lastReport = Date.now();
    while (sent() < recipientCount) {
      if (Date.now() > deadline) throw new Error(`only ${sent()} of ${recipientCount} accepted after 30 minutes`);
      if (Date.now() - lastReport > 30_000) {
        lastReport = Date.now();
        console.log(`  … ${sent()} accepted after ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      await sleep(50);
    }
    const done = performance.now();
    clearInterval(sampler);
    const seconds = (done - started) / 1000;
    await sleep(1500);
    const progress = (await admin.get(`/api/admin/campaigns/${campaignId}`)).body as Record<string, number>;
    console.log(`campaign of ${recipientCount} recipients, MAIL_CONCURRENCY ${CONCURRENCY}:`);
    console.log(`  POST /api/send-newsletter answered in ${(answered - started).toFixed(0)} ms (one CampaignStarted)`);
    console.log(`  ledger expanded (${recipientCount} rows) ${((expanded - started) / 1000).toFixed(2)} s after the request`);
    console.log(`  ${sent()} mails accepted in ${seconds.toFixed(1)} s = ${(recipientCount / seconds).toFixed(0)} mails/s`);
    console.log(`  progress: sent ${progress.sent}, queued ${progress.queued}, failed ${progress.failed}, skipped ${progress.skipped}`);
    console.log(
      `  memory: RSS ${MB(before.rss)} before, peak ${MB(peakRss)} (+${MB(peakRss - before.rss)}); ` +
        `heap ${MB(before.heapUsed)} before, peak ${MB(peakHeap)} (+${MB(peakHeap - before.heapUsed)})`,
    );
  } finally {
    await app.close();
    await db.drop();
    await redis.stop();
    await smtp.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
