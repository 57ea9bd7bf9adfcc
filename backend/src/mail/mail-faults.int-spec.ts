import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { userStream, type UserRegistered } from '../accounts';
import { bootstrap, RunningApp } from '../bootstrap';
import { testEvents } from '../test-support/events';
import { createTestDatabase, TestDatabase } from '../test-support/database';
import { TestSmtpServer } from '../test-support/smtp-server';
import { letTimePass, until } from '../test-support/until';

const REPO = resolve(__dirname, '../../..');
// 500 registrations, 500 welcome mails (the figure): each fault lands mid-stream (the kills after 60 and 150
// accepted mails, the refusal, the SIGTERM after 30 more) with mails left for the last worker to finish.
const USERS = 500;
const WAIT_MS = 60_000;

/** The worker role in a child process (dispatcher + mail processing), SIGKILLed like a crash. */
function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'backend/src/worker.ts'], {
    cwd: REPO,
    env: { ...process.env, ...env, SWC_NODE_PROJECT: 'backend/tsconfig.json' },
    stdio: 'ignore',
  });
}
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((done) => child.once('exit', () => done()));

describe('welcome mails under faults: the worker SIGKILLed twice, the SMTP server refusing for a while', () => {
  const smtp = new TestSmtpServer();
  let db: TestDatabase;
  let api: RunningApp;
  let worker: ChildProcess | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    const url = await smtp.start();
    db = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      SMTP_URL: url,
      MAIL_CONCURRENCY: '8',
      MAIL_JOB_ATTEMPTS: '30',
      MAIL_JOB_BACKOFF_MS: '100',
      MAIL_JOB_LOCK_MS: '2000',
      MAIL_SWEEP_MS: '1000',
      HOST: '127.0.0.1',
      PORT: '0',
    };
    // This process only appends and reads (the api role runs no dispatcher and processes no mail).
    api = await bootstrap({ ...env, ROLE: 'api' });
  });
  afterAll(async () => {
    if (worker) {
      worker.kill('SIGKILL');
      await exited(worker);
    }
    await api?.close();
    await db?.drop();
    await smtp.close();
  });

  it('every recipient gets the mail; the only doubles are crashes between the SMTP acceptance and the ledger mark', async () => {
    const started = Date.now();
    const writer = testEvents(api.app);
    const emails: string[] = [];
    for (let batch = 0; batch < USERS / 50; batch++) {
      const appends = Array.from({ length: 50 }, (_, i) => {
        const userId = randomUUID();
        const email = `fault-${batch * 50 + i}@example.com`;
        emails.push(email);
        const data: UserRegistered = { userId, clientId: 1, username: email, email, firstName: '', lastName: '', passwordHash: null };
        return { streamId: userStream(userId), events: [writer.event('UserRegistered', data)], expectedRevision: 'no_stream' as const };
      });
      await writer.store.appendMany(appends);
    }

    const marks: string[] = [];
    const mark = (name: string) => marks.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)}`);
    mark('appended');
    const kills: number[] = [];
    worker = startWorker(env);
    await until(() => smtp.mails.length >= 60, 'the first 60 mails', WAIT_MS);
    mark('60 sent, SIGKILL');
    worker.kill('SIGKILL');
    await exited(worker);
    kills.push(smtp.mails.length);
    smtp.refuse(true);
    worker = startWorker(env);
    await until(() => smtp.refused >= 20, 'the SMTP server to refuse 20 mails', WAIT_MS);
    mark('20 refused');
    await letTimePass(3000, 'the SMTP server goes on refusing for a while: the outage itself is the fault under test');
    smtp.refuse(false);
    await until(() => smtp.mails.length >= kills[0] + 90, '90 more mails', WAIT_MS);
    mark('90 more, SIGKILL');
    worker.kill('SIGKILL');
    await exited(worker);
    kills.push(smtp.mails.length);
    const ds = api.app.get(DataSource);

    // A graceful stop (SIGTERM) mid-run finishes the jobs in hand: it leaves no row 'sending' that it touched (rows
    // the SIGKILLed worker left 'sending' wait for Bull's stalled check, which may not have come round yet).
    const [{ since }] = (await ds.query('SELECT now() AS since')) as { since: Date }[];
    worker = startWorker(env);
    await until(() => smtp.mails.length >= kills[1] + 30, '30 more mails', WAIT_MS);
    mark('30 more, SIGTERM');
    const terminated = exited(worker);
    worker.kill('SIGTERM');
    await terminated;
    mark('stopped');
    const sendingQuery = `SELECT count(*)::int AS n FROM mail_ledger WHERE status = 'sending' AND updated_at >= $1`;
    const sendingAfterStop = ((await ds.query(sendingQuery, [since])) as { n: number }[])[0].n;
    worker = null;

    // The faults are over: a worker in this process finishes the rest (a fourth child would only add its start-up),
    // taking over what the second kill left 'sending' once Bull's stalled check finds the lock expired.
    const last = await bootstrap({ ...env, ROLE: 'worker' });
    try {
      await until(
        async () =>
          ((await ds.query(`SELECT count(*)::int AS n FROM mail_ledger WHERE status = 'sent'`)) as { n: number }[])[0].n === USERS,
        'every ledger row to be sent',
        90_000,
      );
      mark('all sent');
    } finally {
      await last.close();
    }

    const perRecipient = new Map<string, number[]>();
    for (const mail of smtp.mails) {
      const attempt = Number(mail.parsed.headers.get('x-mail-attempt'));
      for (const to of mail.to) perRecipient.set(to, [...(perRecipient.get(to) ?? []), attempt]);
    }
    const rows = (await ds.query(`SELECT recipient, attempts, interrupted FROM mail_ledger WHERE kind = 'welcome'`)) as {
      recipient: string;
      attempts: number;
      interrupted: number;
    }[];
    const missing = emails.filter((email) => !perRecipient.has(email));
    const doubled = [...perRecipient].filter(([, attempts]) => attempts.length === 2).map(([to]) => to);
    const more = [...perRecipient].filter(([, attempts]) => attempts.length > 2);
    const interruptedRows = rows.filter((row) => row.interrupted > 0);
    // Of the interrupted attempts, those the SMTP server had accepted before the worker died: crashes inside the window.
    const insideWindow = interruptedRows.filter((row) => (perRecipient.get(row.recipient) ?? []).some((attempt) => attempt < row.attempts));
    console.log(marks.join('; '));
    console.log(
      `mail faults: ${USERS} welcome mails in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `worker SIGKILLed after ${kills.join(' and ')} accepted mails; SMTP refused ${smtp.refused}; ` +
        `${smtp.mails.length} accepted in all; ledger: ${interruptedRows.length} sends ` +
        `interrupted by a kill, ${insideWindow.length} of them inside the acceptance window; recipients with two mails: ${doubled.length}`,
    );
    expect(missing).toEqual([]);
    expect(more).toEqual([]);
    expect(rows).toHaveLength(USERS);
    expect(doubled.length).toBe(insideWindow.length);
    expect(new Set(doubled)).toEqual(new Set(insideWindow.map((row) => row.recipient)));
    expect(smtp.refused).toBeGreaterThanOrEqual(20);
    expect(sendingAfterStop).toBe(0);
  }, 150_000);
});
