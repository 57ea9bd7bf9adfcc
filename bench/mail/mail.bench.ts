/**
 * bench/mail: events -> ledger -> Bull -> SMTP, end to end on a booted app (role `all`) and a loopback SMTP server
 * (backend/src/test-support/smtp-server.ts, which parses every mail it accepts: its cost is part of the figure).
 *   1. BENCH_MAILS (default 2,000) UserRegistered events appended at once, for MAIL_CONCURRENCY 4 (the default) and 16:
 *      mails per second from the first append to the last acceptance, and the median/p90 time from an event's
 *      append to its mail's acceptance.
 *   2. The same with the .eml outbox (no SMTP_URL): files per second.
 *   3. A replay of all of them from position 0: how long the dispatcher takes to find every mail already recorded,
 *      and the proof that nothing was sent again.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { userStream, type UserRegistered } from '../../backend/src/accounts';
import { bootstrap, RunningApp } from '../../backend/src/bootstrap';
import { MailDispatcher } from '../../backend/src/mail/mail-dispatcher';
import { testEvents } from '../../backend/src/test-support/events';
import { TestSmtpServer } from '../../backend/src/test-support/smtp-server';
import { freshDatabase, startRedis } from '../redirect/bench-support';

const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until(probe: () => boolean | Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

async function appendRegistrations(app: RunningApp, prefix: string): Promise<Map<string, number>> {
  const writer = testEvents(app.app);
  const appendedAt = new Map<string, number>();
  for (let batch = 0; batch < MAILS / 100; batch++) {
    const appends = Array.from({ length: 100 }, (_, i) => {
      const userId = randomUUID();
      const email = `${prefix}-${batch * 100 + i}@example.com`;
      const data: UserRegistered = { userId, clientId: 1, username: email, email, firstName: 'Bench', lastName: '', passwordHash: null };
      return { streamId: userStream(userId), events: [writer.event('UserRegistered', data)], expectedRevision: 'no_stream' as const };
    });
    await writer.store.appendMany(appends);
    const now = performance.now();
    for (const append of appends) appendedAt.set((append.events[0].data as UserRegistered).email, now);
  }
  return appendedAt;
}

async function smtpRun(concurrency: number): Promise<void> {
  const smtp = new TestSmtpServer();
  const redis = await startRedis();
  const db = await freshDatabase();
  const app = await bootstrap({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    SMTP_URL: await smtp.start(),
    MAIL_CONCURRENCY: String(concurrency),
  });
  try {
    const acceptedAt = new Map<string, number>();
    const push = smtp.mails.push.bind(smtp.mails);
    smtp.mails.push = (...mails) => {
      for (const mail of mails) acceptedAt.set(mail.to[0], performance.now());
      return push(...mails);
    };
    const started = performance.now();
    const appendedAt = await appendRegistrations(app, `c${concurrency}`);
    await until(() => smtp.mails.length >= MAILS);
    const seconds = (performance.now() - started) / 1000;
    const latencies = [...appendedAt].map(([email, at]) => (acceptedAt.get(email) ?? NaN) - at);
    console.log(
      `SMTP, MAIL_CONCURRENCY ${concurrency}: ${MAILS} mails in ${seconds.toFixed(1)} s = ` +
        `${(MAILS / seconds).toFixed(0)} mails/s; ` +
        `append -> accepted median ${(quantile(latencies, 0.5) / 1000).toFixed(2)} s, ` +
        `p90 ${(quantile(latencies, 0.9) / 1000).toFixed(2)} s`,
    );

    if (concurrency === 4) {
      const dispatcher = app.app.get(MailDispatcher);
      await dispatcher.stop();
      const ds = app.app.get(DataSource);
      await ds.query(`UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'mail-dispatcher'`);
      const [{ head }] = (await ds.query(`SELECT max(position)::text AS head FROM events`)) as { head: string }[];
      const replayStarted = performance.now();
      dispatcher.start();
      await until(() => Boolean(dispatcher.position && dispatcher.position.prepare >= BigInt(head)));
      const replay = (performance.now() - replayStarted) / 1000;
      await sleep(2000);
      console.log(`replay from position 0 (${head} events): ${replay.toFixed(2)} s; mails sent again: ${smtp.mails.length - MAILS}`);
    }
  } finally {
    await app.close();
    await db.drop();
    await redis.stop();
    await smtp.close();
  }
}

async function outboxRun(): Promise<void> {
  const redis = await startRedis();
  const db = await freshDatabase();
  const outbox = `/tmp/qrs-bench-outbox-${randomUUID()}`;
  const app = await bootstrap({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    MAIL_OUTBOX_DIR: outbox,
  });
  try {
    const started = performance.now();
    await appendRegistrations(app, 'outbox');
    await until(async () => (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).length >= MAILS);
    const seconds = (performance.now() - started) / 1000;
    console.log(`outbox (.eml files): ${MAILS} mails in ${seconds.toFixed(1)} s = ${(MAILS / seconds).toFixed(0)} mails/s`);
  } finally {
    await app.close();
    await db.drop();
    await redis.stop();
    await rm(outbox, { recursive: true, force: true });
  }
}

async function main() {
  await smtpRun(4);
  await smtpRun(16);
  await outboxRun();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
