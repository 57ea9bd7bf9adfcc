import { DataSource } from 'typeorm';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { newsletterStream } from '../newsletter-signup';
import { postMultipart } from '../codes/codes.test-kit';
import { TestClient } from '../test-support/http';
import { TestSmtpServer, type ReceivedMail } from '../test-support/smtp-server';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { MailQueue } from '../mail';
import { campaignStream, notificationPreferencesStream } from './campaign.events';
import { NEWSLETTER_FIELDS_REQUIRED } from './campaigns.schemas';
import {
  campaignAnswer,
  newsletterSentAnswer,
  notificationPreferencesAnswer,
  notificationsSentAnswer,
  platformStatsAnswer,
  recipientsAnswer,
  welcomeSentAnswer,
} from './campaigns.answers';
import { letTimePass, until } from '../test-support/until';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';

const header = (raw: string, name: string) =>
  raw
    .split(/\r?\n\r?\n/)[0]
    .split(/\r?\n(?![ \t])/)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) =>
      line
        .slice(name.length + 1)
        .replace(/\r?\n[ \t]+/g, '')
        .trim(),
    );
const linkIn = (mail: ReceivedMail, pattern: RegExp) => {
  const match = pattern.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`No link ${pattern} in ${mail.parsed.text}`);
  return match[0];
};

describe('campaigns: the admin panel newsletter tools through a real SMTP server on loopback', () => {
  const smtp = new TestSmtpServer();
  let app: TestApp;
  let admin: TestClient;
  let adminUser: { id: string; email: string };
  let store: EventStore;

  const subscribe = async (email: string) => {
    const res = await new TestClient(app.url).post('/api/newsletter-signup', { email });
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor(email);
    expect(mail.parsed.subject).toBe('Confirm your subscription to QR Code Sharks Shark Tips');
    return linkIn(mail, /http:\/\/sharks\.test:3000\/newsletter\/confirm\?token=\S+/);
  };
  const confirm = async (link: string) => {
    const token = new URL(link).searchParams.get('token');
    const res = await new TestClient(app.url).post('/api/newsletter/confirm', { token });
    expect(res.status).toBe(200);
    return res;
  };
  const progress = (id: string) => admin.get(`/api/admin/campaigns/${id}`).then((res) => res.body);

  beforeAll(async () => {
    const url = await smtp.start();
    app = await startTestApp({ SMTP_URL: url, BASE_DOMAIN: 'sharks.test', PUBLIC_ORIGIN: 'http://sharks.test:3000' });
    store = app.app.get<EventStore>(EVENT_STORE);
    admin = new TestClient(app.url);
    adminUser = await signUp(admin, 'boss@example.com');
    await grantRole(app, adminUser.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('double opt-in: an unconfirmed subscriber gets no newsletter; a confirmed one gets it with RFC 8058 headers', async () => {
    const link = await subscribe('confirmed@example.com');
    await subscribe('unconfirmed@example.com');
    const first = await confirm(link);
    expect(first.body).toMatchObject({ alreadyConfirmed: false });
    expect((await confirm(link)).body).toMatchObject({ alreadyConfirmed: true });
    // What the manager's confirmation says before sending (issue 30 item 6): the confirmed subscribers only.
    const recipients = await admin.get('/api/newsletter/recipients');
    expect({ status: recipients.status, body: recipients.body }).toEqual({ status: 200, body: { recipientCount: 1 } });
    expect(recipientsAnswer.parse(recipients.body)).toEqual(recipients.body);

    const res = await admin.post('/api/send-newsletter', {
      subject: 'Shark Tips #1',
      content: 'Hello sharks.\n\nSecond <b>para</b>.',
      includeStats: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Newsletter sent to 1 confirmed subscriber.', recipientCount: 1, started: true });
    expect(newsletterSentAnswer.parse(res.body)).toEqual(res.body);
    const [mail] = await smtp.waitFor('confirmed@example.com', 2);
    const newsletter = smtp.to('confirmed@example.com').find((m) => m.parsed.subject === 'Shark Tips #1') ?? mail;
    expect(newsletter.parsed.subject).toBe('Shark Tips #1');
    expect(newsletter.parsed.html).toContain('Second &lt;b&gt;para&lt;/b&gt;.');
    expect(newsletter.parsed.text).toContain('Total users: 1');
    const [listUnsubscribe] = header(newsletter.raw, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(/^<http:\/\/sharks\.test:3000\/api\/newsletter\/unsubscribe\?token=[\w.%-]+>$/);
    expect(header(newsletter.raw, 'List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
    await until(async () => (await progress(res.body.campaignId)).sent === 1 && true, 'the campaign sent');
    expect(await progress(res.body.campaignId)).toMatchObject({ recipientCount: 1, total: 1, sent: 1, queued: 0, failed: 0 });
    expect(smtp.to('unconfirmed@example.com').map((m) => m.parsed.subject)).toEqual([
      'Confirm your subscription to QR Code Sharks Shark Tips',
    ]);
  });

  it('one-click unsubscribe works once without signing in, and refuses a tampered link', async () => {
    await confirm(await subscribe('leaver@example.com'));
    const res = await admin.post('/api/send-newsletter', { subject: 'Shark Tips #2', content: 'Bye?' });
    expect(res.body.recipientCount).toBe(2);
    const mail = (await smtp.waitFor('leaver@example.com', 2)).find((m) => m.parsed.subject === 'Shark Tips #2')!;
    const oneClick = header(mail.raw, 'List-Unsubscribe')[0].slice(1, -1);
    const path = new URL(oneClick).pathname + new URL(oneClick).search;
    const anonymous = new TestClient(app.url);
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' };

    const tampered = path.replace(/token=(.)/, (_, c: string) => `token=${c === 'A' ? 'B' : 'A'}`);
    const refused = await anonymous.request('POST', tampered, form);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This unsubscribe link is invalid.');

    const first = await anonymous.request('POST', path, form);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ alreadyUnsubscribed: false });
    const second = await anonymous.request('POST', path, form);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ alreadyUnsubscribed: true });
    const events = await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'leaver@example.com'));
    expect(events.map((event) => event.type)).toEqual([
      'NewsletterSubscribed',
      'NewsletterSubscriptionConfirmed',
      'NewsletterUnsubscribed',
    ]);
    expect(events[2].data).toMatchObject({ via: 'one-click' });

    const after = await admin.post('/api/send-newsletter', { subject: 'Shark Tips #3', content: 'Still here?' });
    expect(after.body.recipientCount).toBe(1);
    await smtp.waitFor('confirmed@example.com', 4);
    await until(async () => (await progress(after.body.campaignId)).sent === 1 && true, 'the third campaign sent');
    expect(smtp.to('leaver@example.com').filter((m) => m.parsed.subject === 'Shark Tips #3')).toEqual([]);
  });

  it('two identical POST /api/send-newsletter in parallel start one campaign and each recipient gets one mail', async () => {
    const body = { subject: 'Parallel tips', content: 'Exactly once.' };
    const [a, b] = await Promise.all([admin.post('/api/send-newsletter', body), admin.post('/api/send-newsletter', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.campaignId).toBe(b.body.campaignId);
    expect([a.body.started, b.body.started].sort()).toEqual([false, true]);
    // A retry with an Idempotency-Key answers the first campaign as well (and a new key starts a new one).
    const keyed = await admin.post('/api/send-newsletter', { ...body, content: 'keyed' }, { headers: { 'Idempotency-Key': 'k-1' } });
    const retried = await admin.post('/api/send-newsletter', { ...body, content: 'keyed' }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(retried.body).toMatchObject({ campaignId: keyed.body.campaignId, started: false });
    // The same key with another subject, body, kind or stats flag is another request: 409, as codes answer, and nothing starts.
    const key = { headers: { 'Idempotency-Key': 'k-1' } };
    const reused = [
      await admin.post('/api/send-newsletter', { ...body, content: 'changed' }, key),
      await admin.post('/api/send-newsletter', { ...body, subject: 'Other tips', content: 'keyed' }, key),
      await admin.post('/api/send-newsletter', { ...body, content: 'keyed', includeStats: true }, key),
      await admin.post('/api/send-welcome-to-all', {}, key),
    ];
    expect(reused.map((res) => [res.status, res.body.message])).toEqual(
      Array(4).fill([409, 'This Idempotency-Key was already used for a different campaign']),
    );

    await until(async () => (await progress(a.body.campaignId)).sent === 1 && true, 'the parallel campaign sent');
    await letTimePass(500, 'a second copy would arrive: nothing marks that none is coming');
    const exactlyOnce = (m: ReceivedMail) => m.parsed.subject === 'Parallel tips' && m.parsed.text?.includes('Exactly once.');
    expect(smtp.to('confirmed@example.com').filter(exactlyOnce)).toHaveLength(1);
    const started = (await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM campaigns WHERE subject = 'Parallel tips'`)) as {
      n: number;
    }[];
    expect(started[0].n).toBe(2);
  });

  it('a test send goes to the admin alone', async () => {
    const res = await admin.post('/api/send-newsletter', { subject: 'Draft tips', content: 'Only for me.', test: true });
    expect(res.body).toMatchObject({ message: 'Test newsletter sent to boss@example.com.', recipientCount: 1 });
    await until(async () => (await progress(res.body.campaignId)).sent === 1 && true, 'the test send sent');
    const mail = smtp.to('boss@example.com').find((m) => m.parsed.subject === 'Draft tips');
    expect(mail?.parsed.text).toContain('Only for me.');
    expect(smtp.mails.filter((m) => m.parsed.subject === 'Draft tips')).toHaveLength(1);
  });

  it('blank fields give the spec message; non-admins get 403 and signed-out visitors 401 on every route', async () => {
    for (const body of [{ subject: ' ', content: 'x' }, { subject: 'x', content: '' }, { subject: 'x' }]) {
      const res = await admin.post('/api/send-newsletter', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(NEWSLETTER_FIELDS_REQUIRED);
    }
    const user = new TestClient(app.url);
    const support = new TestClient(app.url);
    await signUp(user, 'plain@example.com');
    const supportUser = await signUp(support, 'helper@example.com');
    await grantRole(app, supportUser.id, 'support');
    const routes: [string, string][] = [
      ['GET', '/api/newsletter/stats'],
      ['GET', '/api/newsletter/recipients'],
      ['POST', '/api/send-newsletter'],
      ['POST', '/api/send-welcome-to-all'],
      ['POST', '/api/send-scan-notifications'],
      ['POST', '/api/send-pause-notifications'],
      ['GET', '/api/admin/campaigns'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { subject: 's', content: 'c' } : undefined;
      expect([path, (await user.request(method, path, { body })).status]).toEqual([path, 403]);
      expect([path, (await support.request(method, path, { body })).status]).toEqual([path, 403]);
      expect([path, (await new TestClient(app.url).request(method, path, { body })).status]).toEqual([path, 401]);
    }
  });

  it('stats, welcome to all, and scan and pause notifications with an owner who opted out (skipped and counted)', async () => {
    const stats = await admin.get('/api/newsletter/stats');
    expect(stats.body).toEqual({ totalUsers: 3, newUsers: 3, totalQRCodes: 0, newQRCodes: 0 });
    expect(platformStatsAnswer.parse(stats.body)).toEqual(stats.body);

    const keen = new TestClient(app.url);
    const quiet = new TestClient(app.url);
    await signUp(keen, 'keen@example.com');
    await signUp(quiet, 'quiet@example.com');
    for (const owner of [keen, quiet]) {
      const made = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://paused.example/x' });
      expect(made.status).toBeLessThan(300);
      expect((await owner.post(`/api/dynamic-qrcodes/${made.body.id}/pause`)).status).toBe(200);
    }
    const prefs = await quiet.put('/api/account/notification-preferences', { scanNotifications: false, pauseNotifications: false });
    expect(prefs.body).toEqual({ scanNotifications: false, pauseNotifications: false });
    expect((await quiet.get('/api/account/notification-preferences')).body).toEqual(prefs.body);
    expect(notificationPreferencesAnswer.parse(prefs.body)).toEqual(prefs.body);

    const paused = await admin.post('/api/send-pause-notifications');
    expect(paused.body).toMatchObject({ successCount: 1, totalUsers: 2, optedOut: 1 });
    expect(notificationsSentAnswer.parse(paused.body)).toEqual(paused.body);
    const [reminder] = await smtp.waitFor('keen@example.com', 2);
    const pauseMail = smtp.to('keen@example.com').find((m) => /paused QR code/.test(m.parsed.subject ?? '')) ?? reminder;
    expect(pauseMail.parsed.subject).toBe('You have 1 paused QR code at QR Code Sharks');
    expect(pauseMail.parsed.text).toContain('Resume your code: http://sharks.test:3000/dashboard/paused');
    // An unnamed code is listed by its one display name (codes' port when the mail is made), not by its short code.
    expect(pauseMail.parsed.text).toMatch(/^- paused\.example\/x$/m);
    await until(async () => (await progress(paused.body.campaignId)).sent === 1 && true, 'the pause campaign sent');
    expect(await progress(paused.body.campaignId)).toMatchObject({ sent: 1, skipped: 1, optedOut: 1 });

    const scans = await admin.post('/api/send-scan-notifications');
    expect(scans.body).toMatchObject({ successCount: 1, totalUsers: 2, message: 'Scan notifications queued for 1 owner (1 opted out).' });
    const scanMail = await until(
      async () => smtp.to('keen@example.com').find((m) => /scans this week/.test(m.parsed.subject ?? '')) ?? null,
      'the weekly scan report',
    );
    expect(scanMail.parsed.text).toMatch(/^- paused\.example\/x: 0 scans$/m);
    const welcome = await admin.post('/api/send-welcome-to-all');
    // boss, plain, helper, keen and quiet: everyone active gets one.
    expect(welcome.body).toMatchObject({ successCount: 5, totalUsers: 5 });
    expect(welcomeSentAnswer.parse(welcome.body)).toEqual(welcome.body);
    await until(async () => (await progress(welcome.body.campaignId)).sent === 5 && true, 'the welcome campaign sent');
    expect(smtp.to('quiet@example.com').map((m) => m.parsed.subject)).toEqual(['Welcome to QR Code Sharks!', 'Welcome to QR Code Sharks!']);

    // The audit log names who sent what to how many.
    const audit = await until(async () => {
      const rows = (await app.app
        .get(DataSource)
        .query(`SELECT actor_email, summary FROM audit_events WHERE type = 'CampaignStarted' AND summary LIKE 'sent pause%'`)) as unknown[];
      return rows.length ? rows : null;
    }, 'the audit row');
    expect(audit).toEqual([{ actor_email: 'boss@example.com', summary: 'sent pause notifications to 1 recipient' }]);

    const list = await admin.get('/api/admin/campaigns?sort=["startedAt","DESC"]&range=[0,2]');
    expect(list.headers['content-range']).toMatch(/^campaigns 0-2\/\d+$/);
    expect(list.body.map((row: { kind: string }) => row.kind)).toEqual(['welcome', 'scan-report', 'pause-report']);
    // Rows from SQL: the documented schema is what the console gets (a column's type or a stray field fails here).
    expect(campaignAnswer.array().parse(list.body)).toEqual(list.body);
    const one = await progress(list.body[0].id);
    expect(campaignAnswer.parse(one)).toEqual(one);
  });

  it("the sweep re-queues a large campaign's rows whose jobs Redis lost in one pass (not 1,000 a minute)", async () => {
    const ds = app.app.get(DataSource);
    const campaignId = crypto.randomUUID();
    // 2,500 pending newsletter rows, due long ago, whose jobs never reached Redis (addresses not subscribed: skipped).
    await ds.query(
      `INSERT INTO mail_ledger (key, client_id, kind, source_id, recipient, data, status, send_after, message_id, updated_at)
       SELECT 'campaign:' || $1 || ':lost-' || n || '@example.com:newsletter', 1, 'newsletter', $1, 'lost-' || n || '@example.com',
         '{"subject":"Lost","content":"Lost"}', 'pending', now() - interval '1 hour', '<lost-' || n || '@x>', now() - interval '1 hour'
       FROM generate_series(1, 2500) AS n`,
      [campaignId],
    );
    expect(await app.app.get(MailQueue).sweep()).toBe(2500);
    const skipped = async () =>
      (
        (await ds.query(`SELECT count(*)::int AS n FROM mail_ledger WHERE source_id = $1 AND status = 'skipped'`, [campaignId])) as {
          n: number;
        }[]
      )[0].n;
    await until(async () => (await skipped()) === 2500, 'the swept rows handled', 60_000);
  }, 90_000);

  it('six sends racing under one key append one CampaignStarted; two identical preference saves racing append one change', async () => {
    const key = { headers: { 'Idempotency-Key': 'race-1' } };
    const body = { subject: 'Raced tips', content: 'Once.', test: true };
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/api/send-newsletter', body, key)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.body.campaignId)).size).toBe(1);
    expect(answers.filter((res) => res.body.started)).toHaveLength(1);
    const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters';
    const malformed = await admin.post('/api/send-newsletter', body, { headers: { 'Idempotency-Key': 'has space' } });
    expect([malformed.status, malformed.body.message, malformed.body.errors]).toEqual([400, message, { idempotencyKey: message }]);
    const campaign = await store.readStream(campaignStream(answers[0].body.campaignId));
    expect(campaign.map((event) => [event.type, event.data])).toEqual([
      [
        'CampaignStarted',
        expect.objectContaining({ kind: 'newsletter-test', subject: 'Raced tips', recipientCount: 1, idempotencyKey: 'race-1' }),
      ],
    ]);

    const owner = new TestClient(app.url);
    const { id } = await signUp(owner, 'prefs@example.com');
    const wanted = { scanNotifications: false, pauseNotifications: true };
    const saved = await Promise.all([1, 2].map(() => owner.put('/api/account/notification-preferences', wanted)));
    expect(saved.map((res) => [res.status, res.body])).toEqual([
      [200, wanted],
      [200, wanted],
    ]);
    const changes = await store.readStream(notificationPreferencesStream(id));
    expect(changes.map((event) => event.data)).toEqual([{ userId: id, ...wanted }]);
    expect((await owner.get('/api/account/notification-preferences')).body).toEqual(wanted);
  });
});
