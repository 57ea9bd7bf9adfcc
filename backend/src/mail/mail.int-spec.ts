import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { signResetToken } from '../accounts';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { PrivateRedis } from '../test-support/private-redis';
import { TestSmtpServer } from '../test-support/smtp-server';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { DataSource } from 'typeorm';
import { MailDispatcher } from './mail-dispatcher';
import { MailQueue } from './mail-queue';
import { failedMailJobAnswer } from './mail.answers';
import { createTenants } from '../test-support/tenants';
import { until } from '../test-support/until';

const SUPPORT = 'help@sharks.test';
const header = (raw: string, name: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]
    .split(/\r?\n(?![ \t])/)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));

describe('mail through a real SMTP server on loopback', () => {
  const smtp = new TestSmtpServer();
  let app: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    const url = await smtp.start();
    app = await startTestApp({
      SMTP_URL: url,
      SUPPORT_EMAIL: SUPPORT,
      BASE_DOMAIN: 'sharks.test',
      PUBLIC_ORIGIN: 'http://sharks.test:3000',
      // Failed jobs within a test: two tries, 100 ms apart.
      MAIL_JOB_ATTEMPTS: '2',
      MAIL_JOB_BACKOFF_MS: '100',
    });
    client = new TestClient(app.url);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('UserRegistered: a welcome mail with an HTML and a text part, branded QR Code Sharks, links on the public origin', async () => {
    const user = await signUp(client, 'welcome-me@example.com');
    const [mail] = await smtp.waitFor(user.email);
    expect(mail.parsed.subject).toBe('Welcome to QR Code Sharks!');
    expect(mail.parsed.from?.text).toContain('no-reply@qrcodesharks.local');
    expect(mail.parsed.html).toContain('Open your dashboard');
    expect(mail.parsed.html).toContain('href="http://sharks.test:3000/dashboard"');
    expect(mail.parsed.html).toContain('#3B82F6');
    expect(mail.parsed.html).toContain('Powered by QR Code Sharks');
    expect(mail.parsed.text).toContain('Open your dashboard: http://sharks.test:3000/dashboard');
    expect(mail.parsed.text).not.toContain('<');
    expect(mail.parsed.messageId).toMatch(/^<[0-9a-f]{32}@qrcodesharks\.local>$/);
  });

  it('POST /api/contact: to SUPPORT_EMAIL, Reply-To the sender, and an acknowledgement to the sender; no header from CR/LF', async () => {
    const res = await client.post('/api/contact', {
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'eve@example.com',
      subject: 'Hello\r\nX-Injected: yes',
      message: 'Line one\nLine <b>two</b>',
      inquiryType: 'support',
    });
    // The contact form refuses control characters in the name: nothing to send then. A clean name goes through.
    if (res.status === 400) {
      const clean = await client.post('/api/contact', {
        name: 'Eve “Sharky” Müller',
        email: 'eve@example.com',
        subject: 'Hello there',
        message: 'Line one\nLine <b>two</b>',
        inquiryType: 'support',
      });
      expect(clean.status).toBeLessThan(300);
    } else expect(res.status).toBeLessThan(300);
    const [support] = await smtp.waitFor(SUPPORT);
    const [ack] = await smtp.waitFor('eve@example.com');
    expect(support.parsed.replyTo?.value[0].address).toBe('eve@example.com');
    expect(support.parsed.subject).toMatch(/^\[Contact: support\] Hello/);
    expect(support.parsed.html).toContain('Line &lt;b&gt;two&lt;/b&gt;');
    expect(support.parsed.text).toContain('Line <b>two</b>');
    expect(ack.parsed.subject).toMatch(/^We received your message: Hello/);
    expect(ack.parsed.text).toContain("We'll get back to you within 24 hours.");
    for (const mail of [support, ack]) {
      expect(header(mail.raw, 'bcc')).toEqual([]);
      expect(header(mail.raw, 'x-injected')).toEqual([]);
      expect(mail.to).not.toContain('victim@example.com');
    }
  });

  it('a CR/LF that reaches a mail from an event (older clients, other writers) stays inside its header', async () => {
    const writer = testEvents(app.app);
    const id = crypto.randomUUID();
    await writer.append(
      `contact-${id}`,
      [
        writer.event('ContactMessageReceived', {
          messageId: id,
          name: 'Mallory\r\nBcc: victim@example.com',
          email: 'mallory@example.com',
          subject: 'Hi\r\nBcc: victim2@example.com',
          message: 'x',
          inquiryType: 'general',
        }),
      ],
      'no_stream',
    );
    const [support] = await smtp.waitFor(SUPPORT, 2);
    const mail = smtp.to(SUPPORT).find((found) => found.parsed.replyTo?.value[0].address === 'mallory@example.com')!;
    expect(support).toBeDefined();
    expect(header(mail.raw, 'bcc')).toEqual([]);
    expect(mail.parsed.subject).toBe('[Contact: general] Hi Bcc: victim2@example.com');
    expect(mail.parsed.replyTo?.value[0].name).toBe('Mallory Bcc: victim@example.com');
    expect(smtp.mails.some((found) => found.to.some((to) => to.startsWith('victim')))).toBe(false);
  });

  it("a tenant's mails carry its name, colours and logo, link to its own host, and drop QR Code Sharks when it asked", async () => {
    await createTenants(app.app, [
      { clientId: 7, name: 'Acme Menus', logoUrl: '/uploads/acme-logo.png', secondaryColor: '#00AA00', removeQRCodeSharksBranding: true },
    ]);
    const acme = new TestClient(app.url, { host: 'acme.sharks.test' });
    const user = await signUp(acme, 'diner@example.com');
    const [mail] = await smtp.waitFor(user.email);
    expect(mail.parsed.subject).toBe('Welcome to Acme Menus!');
    expect(mail.parsed.html).toContain('#FF0000');
    expect(mail.parsed.html).toContain('src="http://acme.sharks.test:3000/uploads/acme-logo.png"');
    expect(mail.parsed.html).toContain('href="http://acme.sharks.test:3000/dashboard"');
    expect(mail.parsed.html).not.toContain('QR Code Sharks');
    expect(mail.parsed.text).not.toContain('QR Code Sharks');
  });

  it('password reset: one answer for any address; the link works once, ends every session, refuses tampering and expiry', async () => {
    const owner = new TestClient(app.url);
    const user = await signUp(owner, 'forgetful@example.com', 'first-password-1');
    await smtp.waitFor(user.email); // the welcome mail
    const anonymous = new TestClient(app.url);
    const known = await anonymous.post('/api/forgot-password', { email: user.email });
    const unknown = await anonymous.post('/api/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const bad = await anonymous.post('/api/forgot-password', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Invalid email address');

    const mails = await smtp.waitFor(user.email, 2);
    const reset = mails.find((mail) => mail.parsed.subject === 'Reset your QR Code Sharks password')!;
    expect(reset.parsed.text).toContain('The link works once, for one hour.');
    const link = /http:\/\/sharks\.test:3000\/auth\/reset-password\?token=([^\s"]+)/.exec(reset.parsed.text ?? '')!;
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link[1]);
    expect(reset.parsed.html).toContain(link[0].replace(/&/g, '&amp;'));
    expect(smtp.to('nobody-here@example.com')).toEqual([]);

    const [head, signature] = token.split('.');
    const tampered = `${head}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await anonymous.post('/api/reset-password', {
      token: tampered,
      password: 'second-password-2',
      confirmPassword: 'second-password-2',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('This password reset link is invalid.');
    const mismatch = await anonymous.post('/api/reset-password', {
      token,
      password: 'second-password-2',
      confirmPassword: 'other-password-2',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain("Passwords don't match");

    expect((await owner.get('/api/user')).status).toBe(200);
    const done = await anonymous.post('/api/reset-password', {
      token,
      password: 'second-password-2',
      confirmPassword: 'second-password-2',
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been reset. You can sign in with your new password.');
    // Every session ends once the users read model has the new auth version (the command waits for it, bounded).
    await until(async () => (await owner.get('/api/user')).status === 401, 'the old session to end');
    const again = await anonymous.post('/api/reset-password', { token, password: 'third-password-3', confirmPassword: 'third-password-3' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('already been used');
    expect((await new TestClient(app.url).post('/api/login', { username: user.email, password: 'first-password-1' })).status).toBe(401);
    expect((await new TestClient(app.url).post('/api/login', { username: user.email, password: 'second-password-2' })).status).toBe(200);

    // A request of its own whose hour is over (a token must be its request's: accounts/password-reset/password-reset.int-spec.ts).
    const writer = testEvents(app.app);
    const lateRequest = { userId: user.id, email: user.email, requestId: crypto.randomUUID(), authVersion: 1 };
    const expiresAt = new Date(Date.now() - 1000).toISOString();
    await writer.append(`user-${user.id}`, [writer.event('PasswordResetRequested', { ...lateRequest, expiresAt })], 'stream_exists');
    const expired = signResetToken(app.env.SESSION_SECRET, { ...lateRequest, expiresAt });
    const late = await anonymous.post('/api/reset-password', {
      token: expired,
      password: 'fourth-password-4',
      confirmPassword: 'fourth-password-4',
    });
    expect(late.status).toBe(400);
    expect(late.text).toContain('This password reset link has expired.');
  });

  it('TrialActivated: the reminder a day before the end; SubscriptionStatusChanged and PaymentSucceeded: their mails', async () => {
    const owner = new TestClient(app.url);
    const user = await signUp(owner, 'trialist@example.com');
    await smtp.waitFor(user.email);
    const writer = testEvents(app.app);
    const stream = `user-${user.id}`;
    const [last] = (await writer.store.readStream(stream)).slice(-1);
    // Ends in a day and six seconds: the reminder is a job delayed by six seconds, by which time the users read model
    // (checked below) shows the active plan.
    const trialEndDate = new Date(Date.now() + 86_400_000 + 6000).toISOString();
    await writer.append(
      stream,
      [
        writer.event('TrialActivated', { userId: user.id, trialStartDate: new Date().toISOString(), trialEndDate }),
        writer.event('SubscriptionStatusChanged', { userId: user.id, subscriptionStatus: 'active' }),
      ],
      last.revision,
    );
    await until(async () => {
      const [row] = (await app.app.get(DataSource).query('SELECT subscription_status FROM users WHERE id = $1', [user.id])) as {
        subscription_status: string;
      }[];
      return row?.subscription_status === 'active';
    }, 'the users read model to show the plan');
    expect(Date.parse(trialEndDate) - 86_400_000).toBeGreaterThan(Date.now());
    const [, status] = await smtp.waitFor(user.email, 2);
    expect(status.parsed.subject).toBe('Your QR Code Sharks subscription is now active');
    expect(status.parsed.text).toContain('See your subscription: http://sharks.test:3000/subscribe');
    // The plan is active by the time the reminder is due: it is recorded as skipped, not sent.
    await until(async () => {
      const [row] = (await app.app
        .get(DataSource)
        .query(`SELECT status FROM mail_ledger WHERE kind = 'trial-ending' AND recipient = $1`, [`user:${user.id}`])) as {
        status: string;
      }[];
      return row?.status === 'skipped';
    }, 'the reminder to be skipped');
    expect(smtp.to(user.email)).toHaveLength(2);

    const other = await signUp(new TestClient(app.url), 'reminded@example.com');
    await smtp.waitFor(other.email);
    const [otherLast] = (await writer.store.readStream(`user-${other.id}`)).slice(-1);
    await writer.append(
      `user-${other.id}`,
      [
        writer.event('TrialActivated', {
          userId: other.id,
          trialStartDate: new Date().toISOString(),
          trialEndDate: new Date(Date.now() + 86_400_000 + 1000).toISOString(),
        }),
      ],
      otherLast.revision,
    );
    const [, reminder] = await smtp.waitFor(other.email, 2);
    expect(reminder.parsed.subject).toBe('Your QR Code Sharks free trial ends tomorrow');
    expect(reminder.parsed.text).toContain('Go Premium: http://sharks.test:3000/subscribe');

    const paymentId = crypto.randomUUID();
    await writer.append(
      `payment-pi_${paymentId}`,
      [
        writer.event('PaymentSucceeded', {
          paymentIntentId: `pi_${paymentId}`,
          amount: 1999,
          currency: 'usd',
          productName: 'Sushi platter',
          payerEmail: 'payer@example.com',
          paidAt: '2026-11-24T10:00:00.000Z',
        }),
      ],
      'no_stream',
    );
    const [receipt] = await smtp.waitFor('payer@example.com');
    expect(receipt.parsed.subject).toBe('Payment confirmation and receipt: Sushi platter');
    expect(receipt.parsed.text).toContain('Amount: $19.99');
    expect(receipt.parsed.text).toContain('Date: November 24, 2026');
  });

  it("GET /api/admin/mail-jobs: failed jobs with their error, staff only; a white-label client's staff see their tenant's", async () => {
    const anonymous = await new TestClient(app.url).get('/api/admin/mail-jobs');
    expect(anonymous.status).toBe(401);
    const staff = new TestClient(app.url);
    const staffUser = await signUp(staff);
    await smtp.waitFor(staffUser.email);
    expect((await staff.get('/api/admin/mail-jobs')).status).toBe(403);
    await grantRole(app, staffUser.id, 'support');
    const acmeStaff = new TestClient(app.url, { host: 'acme.sharks.test' });
    const acmeStaffUser = await signUp(acmeStaff);
    await smtp.waitFor(acmeStaffUser.email);
    await grantRole(app, acmeStaffUser.id, 'support');

    // Two tries (MAIL_JOB_ATTEMPTS=2 here) refused by the SMTP server: the jobs fail for good.
    smtp.refuse(true);
    const lost = await signUp(new TestClient(app.url), 'refused-here@example.com');
    const lostAcme = await signUp(new TestClient(app.url, { host: 'acme.sharks.test' }), 'refused-acme@example.com');
    const failed = async (client: TestClient) =>
      ((await client.get('/api/admin/mail-jobs?range=[0,9]')).body ?? []) as { recipient: string }[];
    await until(async () => (await failed(staff)).length >= 2, 'two failed jobs');
    smtp.refuse(false);

    const res = await staff.get('/api/admin/mail-jobs?range=[0,9]');
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toMatch(/^mail-jobs 0-\d+\/\d+$/);
    expect(failedMailJobAnswer.array().parse(res.body)).toEqual(res.body);
    const mine = (res.body as { recipient: string; kind: string; attemptsMade: number; failedReason: string }[]).find(
      (job) => job.recipient === lost.email,
    );
    expect(mine).toMatchObject({ kind: 'welcome', attemptsMade: 2 });
    expect(mine?.failedReason).toMatch(/451|Try again later/);
    expect((await failed(staff)).map((job) => job.recipient)).toEqual(expect.arrayContaining([lost.email, lostAcme.email]));
    expect((await failed(acmeStaff)).map((job) => job.recipient)).toEqual([lostAcme.email]);
    const [row] = (await app.app
      .get(DataSource)
      .query(`SELECT status, last_error FROM mail_ledger WHERE recipient = $1`, [lost.email])) as { status: string; last_error: string }[];
    expect(row.status).toBe('failed');
    expect((await staff.get('/api/admin/mail-jobs?range=[9,0]')).status).toBe(400);
  });

  it('replaying every event from position 0 sends nothing that was already sent', async () => {
    const user = await signUp(client);
    await smtp.waitFor(user.email);
    const ledger = async () => (await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM mail_ledger`)) as { n: number }[];
    const before = { mails: smtp.mails.length, rows: (await ledger())[0].n };
    const dispatcher = app.app.get(MailDispatcher);
    await dispatcher.stop();
    await app.app
      .get(DataSource)
      .query(`UPDATE projection_checkpoints SET commit_position = 0, prepare_position = 0 WHERE name = 'mail-dispatcher'`);
    const [{ head }] = (await app.app.get(DataSource).query(`SELECT max(position)::text AS head FROM events`)) as { head: string }[];
    dispatcher.start();
    await until(async () => dispatcher.position && dispatcher.position.prepare >= BigInt(head), 'the dispatcher to replay to the head');
    // A replay that queued jobs would show them as waiting or active: wait until none is, then compare.
    await until(() => idle(app), 'the mail queue to be idle');
    expect(smtp.mails.length).toBe(before.mails);
    expect((await ledger())[0].n).toBe(before.rows);
  });
});

async function idle(app: TestApp): Promise<boolean> {
  const counts = await app.app.get(MailQueue).queue.getJobCounts();
  return counts.active + counts.waiting === 0;
}

describe('mail without SMTP_URL: the outbox default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('writes each mail as a readable .eml file in MAIL_OUTBOX_DIR', async () => {
    const user = await signUp(new TestClient(app.url), 'outbox@example.com');
    const dir = app.env.MAIL_OUTBOX_DIR;
    const file = await until(
      async () => (await readdir(dir).catch(() => [] as string[])).find((name) => name.includes('-welcome-') && name.endsWith('.eml')),
      'an .eml file',
    );
    const parsed = await simpleParser(await readFile(join(dir, file)));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(user.email);
    expect(parsed.subject).toBe('Welcome to QR Code Sharks!');
    expect(parsed.html).toContain('Open your dashboard');
    expect(parsed.text).toContain('Open your dashboard:');
  });
});

describe('mail across a Redis restart that loses every job', () => {
  const smtp = new TestSmtpServer();
  const redis = new PrivateRedis({ appendOnly: false });
  let app: TestApp;
  beforeAll(async () => {
    await redis.start();
    app = await startTestApp({ SMTP_URL: await smtp.start(), REDIS_URL: redis.url, MAIL_SWEEP_MS: '300' });
  });
  afterAll(async () => {
    await app.close();
    await redis.destroy();
    await smtp.close();
  });

  it('a sent mail is not sent again; a pending one whose job Redis lost is queued again by the sweep and sent once', async () => {
    const sent = await signUp(new TestClient(app.url), 'before-restart@example.com');
    await smtp.waitFor(sent.email);
    smtp.refuse(true);
    const pending = await signUp(new TestClient(app.url), 'during-outage@example.com');
    await until(async () => smtp.refused > 0, 'the SMTP server to refuse the second mail');
    await redis.stop();
    await redis.start();
    smtp.refuse(false);
    await smtp.waitFor(pending.email);
    // The first mail's row is 'sent': the sweep passes it over, whatever Redis forgot.
    await until(() => idle(app), 'the mail queue to be idle');
    expect(smtp.to(sent.email)).toHaveLength(1);
    expect(smtp.to(pending.email)).toHaveLength(1);
  });
});
