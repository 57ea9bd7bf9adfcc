import { DataSource } from 'typeorm';
import { compareAllPositions, type EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { dynamicForm, postMultipart } from '../codes/codes.test-kit';
import { scanStream, type Scanned } from '../scans';
import { BROWSER_UA, scannedEvent, uuidv7 } from '../scans/scan-fixtures';
import { testEvents } from '../test-support/events';
import { startDnsServer } from '../test-support/dns-server';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { TestSmtpServer } from '../test-support/smtp-server';
import { verifyStandardWebhook, WebhookReceiver } from '../test-support/webhook-receiver';
import { deliver } from './webhook-http';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookRetention } from './webhook-retention';
import { createdWebhookAnswer, deliveriesAnswer, webhooksAnswer } from './webhooks.answers';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ALL = ['scan.created', 'code.created', 'code.updated', 'code.paused', 'code.resumed', 'code.deleted'];

/**
 * Webhooks over HTTP (issue 34): a loopback receiver checks every delivery's Standard Webhooks signature, gets the
 * owner's code events and human scans in the store's order, the same webhook-id and body on a retry after a 500, and
 * everything again on a replay; a webhook failing every try is disabled. Short timings through settings.
 */
describe('webhooks: signed deliveries to a loopback receiver', () => {
  const receiver = new WebhookReceiver();
  const smtp = new TestSmtpServer();
  let base: string;
  let app: TestApp;
  let owner: TestClient;
  let ownerEmail: string;
  let ds: DataSource;
  let ip = 0;

  beforeAll(async () => {
    base = await receiver.start();
    app = await startTestApp({
      SMTP_URL: await smtp.start(),
      ALLOW_PRIVATE_DESTINATIONS: 'true',
      TRUST_PROXY: '127.0.0.1',
      WEBHOOK_ATTEMPTS: '4',
      WEBHOOK_BACKOFF_MS: '150',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_SWEEP_MS: '1000',
      WEBHOOK_JOB_LOCK_MS: '2000',
      WEBHOOK_REPLAY_PAGE: '10',
    });
    ds = app.app.get(DataSource);
    owner = new TestClient(app.url);
    ownerEmail = (await signUp(owner)).email;
  });
  afterAll(async () => {
    await app?.close();
    await receiver.close();
    await smtp.close();
  });

  const create = async (client: TestClient, path: string, events = ALL, includeBots = false) => {
    const res = await client.post('/api/webhooks', { url: `${base}${path}`, events, includeBots });
    expect(res.status).toBe(201);
    return createdWebhookAnswer.parse(res.body);
  };
  const scan = (shortCode: string, ua = BROWSER_UA) =>
    owner.request('GET', `/d/${shortCode}`, {
      headers: { 'user-agent': ua, 'x-forwarded-for': `198.51.100.${++ip}`, referer: 'https://menu.example/' },
    });
  /** The first accepted (2xx) delivery of each webhook-id at `path`, in arrival order. */
  const firsts = (path: string) => {
    const seen = new Set<string>();
    return receiver.at(path).filter((delivery) => {
      if (delivery.answered !== 200) return false;
      const id = String(delivery.headers['webhook-id']);
      return seen.has(id) ? false : (seen.add(id), true);
    });
  };

  it('POST answers the secret once; GET lists the webhook without it; another owner neither sees nor deletes it (404)', async () => {
    const created = await create(owner, '/listed', ['code.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const listed = webhooksAnswer.parse((await owner.get('/api/webhooks')).body);
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, url: `${base}/listed`, events: ['code.created'], status: 'active' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await stranger.get('/api/webhooks')).body).toEqual([]);
    expect((await stranger.delete(`/api/webhooks/${created.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/webhooks/${created.id}/deliveries`)).status).toBe(404);
    expect((await stranger.post(`/api/webhooks/${created.id}/replay`, { from: new Date().toISOString() })).status).toBe(404);
    expect((await new TestClient(app.url).get('/api/webhooks')).status).toBe(401);

    const bad = await owner.post('/api/webhooks', { url: 'ftp://example.com/hook', events: ['scan.created'] });
    expect(bad.status).toBe(400);
    expect((await owner.post('/api/webhooks', { url: 'https://example.com/hook', events: ['scan.deleted'] })).status).toBe(400);
    expect((await owner.post('/api/webhooks', { url: 'https://example.com/hook', events: [] })).status).toBe(400);

    expect((await owner.delete(`/api/webhooks/${created.id}`)).status).toBe(204);
    expect((await owner.get('/api/webhooks')).body).toEqual([]);
    expect((await owner.delete(`/api/webhooks/${created.id}`)).status).toBe(404);
  });

  it('an API key with webhooks:write manages webhooks without a cookie; a key without it gets 403', async () => {
    const makeKey = async (scopes: string[]) => {
      const res = await owner.post('/api/api-keys', { name: scopes.join(' '), scopes });
      expect(res.status).toBe(201);
      return { headers: { authorization: `Bearer ${String(res.body.key)}` } };
    };
    const script = new TestClient(app.url);
    const writer = await makeKey(['webhooks:write']);
    const created = await script.post('/api/webhooks', { url: `${base}/scripted`, events: ['code.created'] }, writer);
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect((await script.get('/api/webhooks', writer)).body).toEqual(expect.arrayContaining([expect.objectContaining({ id })]));
    expect((await script.get(`/api/webhooks/${id}/deliveries`, writer)).status).toBe(200);
    const reader = await makeKey(['codes:read']);
    expect((await script.get('/api/webhooks', reader)).status).toBe(403);
    expect((await script.delete(`/api/webhooks/${id}`, reader)).status).toBe(403);
    expect((await script.delete(`/api/webhooks/${id}`, writer)).status).toBe(204);
  });

  it("a deleted account's webhooks stop: the list forgets them, the URL and secret are sealed in the store and erased", async () => {
    const leaver = new TestClient(app.url);
    await signUp(leaver);
    const hook = await create(leaver, '/leaver', ['code.created', 'code.deleted']);
    const code = await postMultipart(leaver, '/api/dynamic-qrcodes', dynamicForm('https://example.com/leaver'));
    expect(code.status).toBe(201);
    await until(() => receiver.at('/leaver').length >= 1, 'the code.created delivery');
    const stored = (await ds.query(`SELECT data::text AS data FROM events WHERE type = 'WebhookCreated' AND stream_id = $1`, [
      `webhook-${hook.id}`,
    ])) as { data: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0].data).not.toContain('/leaver');
    expect(stored[0].data).not.toContain(hook.secret.slice(6));
    expect((await leaver.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    expect(await ds.query('SELECT id FROM webhooks WHERE id = $1', [hook.id])).toEqual([]);
    await until(
      async () =>
        ((await ds.query('SELECT status, url, secret FROM webhook_endpoints WHERE id = $1', [hook.id])) as { status: string }[])[0]
          ?.status === 'deleted',
      'the dispatcher to stop the endpoint',
    );
    expect(await ds.query('SELECT status, url, secret FROM webhook_endpoints WHERE id = $1', [hook.id])).toEqual([
      { status: 'deleted', url: '', secret: '' },
    ]);
    expect(receiver.at('/leaver').map((delivery) => delivery.json.type)).toEqual(['code.created']);
  });

  it(
    'the owner gets code.created, code.updated, code.paused, code.resumed, scan.created for each human scan and code.deleted, in ' +
      'store order, each signed; a retry after a 500 carries the same webhook-id and body; a replay sends everything again',
    async () => {
      const started = new Date();
      const hook = await create(owner, '/all');
      const bots = await create(owner, '/bots', ['scan.created'], true);
      // The code.paused delivery answers 500 once: Bull's retry sends it again.
      receiver.answer = (delivery, seen) => (delivery.path === '/all' && delivery.body.includes('"code.paused"') && seen === 0 ? 500 : 200);

      const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://example.com/menu'));
      expect(code.status).toBe(201);
      const { id, shortCode } = code.body as { id: string; shortCode: string };
      expect((await owner.put(`/api/dynamic-qrcodes/${id}`, { destination: 'https://example.com/menu-2' })).status).toBe(200);
      expect((await owner.post(`/api/dynamic-qrcodes/${id}/pause`)).status).toBe(200);
      expect((await owner.post(`/api/dynamic-qrcodes/${id}/resume`)).status).toBe(200);
      await until(() => firsts('/all').length >= 4, 'the first four code events', 15_000);
      // The resume answers once the codes read model has it: the redirect's read model too before scanning.
      const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
      if (head) await app.app.get(ProjectionsService).waitFor(head);
      for (let i = 0; i < 3; i++) expect((await scan(shortCode)).status).toBe(302);
      expect((await scan(shortCode, GOOGLEBOT)).status).toBe(302);
      await until(() => firsts('/all').length >= 7 && firsts('/bots').length >= 4, 'three human scans and four scans with bots', 15_000);
      expect((await owner.delete(`/api/dynamic-qrcodes/${id}`)).status).toBe(200);
      await until(() => firsts('/all').length >= 8, 'code.deleted', 15_000);

      const all = firsts('/all');
      expect(all.map((delivery) => delivery.json.type)).toEqual([
        'code.created',
        'code.updated',
        'code.paused',
        'code.resumed',
        'scan.created',
        'scan.created',
        'scan.created',
        'code.deleted',
      ]);
      for (const delivery of receiver.at('/all')) {
        expect(delivery.headers['content-type']).toBe('application/json');
        expect(verifyStandardWebhook(hook.secret, delivery.headers, delivery.body)).toBe(true);
        expect(verifyStandardWebhook(bots.secret, delivery.headers, delivery.body)).toBe(false);
        expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - delivery.at / 1000)).toBeLessThan(5);
      }
      expect(all.every((delivery) => delivery.json.data.codeId === id && delivery.json.data.shortCode === shortCode)).toBe(true);
      expect(all[1].json.data).toMatchObject({ change: 'destination' });
      // Scans of one code may be stored in another order than they were answered (the ingester keeps up to three
      // batches in flight, 41853a9): the iPhone's scan is found by what it is, not by its place.
      const iphone = all.find((delivery) => delivery.json.type === 'scan.created' && delivery.json.data.os === 'iOS');
      expect(iphone?.json.data).toMatchObject({ device: 'mobile', os: 'iOS', isBot: false, referrer: 'https://menu.example/' });
      expect(Object.keys(iphone?.json.data ?? {}).sort()).toEqual(
        ['browser', 'codeId', 'country', 'device', 'isBot', 'os', 'referrer', 'scanId', 'scannedAt', 'shortCode'].sort(),
      );
      const botScans = firsts('/bots');
      expect(botScans.map((delivery) => delivery.json.data.isBot).sort()).toEqual([false, false, false, true]);
      expect(botScans.every((delivery) => verifyStandardWebhook(bots.secret, delivery.headers, delivery.body))).toBe(true);

      // The retry: the same webhook-id, the identical body, a fresh signature; the ledger counts two attempts.
      const paused = receiver.at('/all').filter((delivery) => delivery.json.type === 'code.paused');
      expect(paused.map((delivery) => delivery.answered)).toEqual([500, 200]);
      expect(paused[1].headers['webhook-id']).toBe(paused[0].headers['webhook-id']);
      expect(paused[1].body).toBe(paused[0].body);
      const deliveries = deliveriesAnswer.parse((await owner.get(`/api/webhooks/${hook.id}/deliveries`)).body);
      expect(deliveries).toHaveLength(8);
      expect(deliveries.every((delivery) => delivery.status === 'delivered' && delivery.nextAttemptAt === null)).toBe(true);
      expect(deliveries.find((delivery) => delivery.event === 'code.paused')).toMatchObject({ attempts: 2, lastStatus: 'HTTP 200' });

      // The replay: every event since `started` again, same ids and bodies, in the same order.
      const before = receiver.at('/all').length;
      const replay = await owner.post(`/api/webhooks/${hook.id}/replay`, { from: started.toISOString() });
      expect(replay.status).toBe(202);
      await until(() => receiver.at('/all').length >= before + 8, 'the replayed deliveries', 15_000);
      const replayed = receiver.at('/all').slice(before);
      expect(replayed.map((delivery) => [delivery.headers['webhook-id'], delivery.body])).toEqual(
        all.map((delivery) => [delivery.headers['webhook-id'], delivery.body]),
      );
      expect(replayed.every((delivery) => verifyStandardWebhook(hook.secret, delivery.headers, delivery.body))).toBe(true);
      const after = deliveriesAnswer.parse((await owner.get(`/api/webhooks/${hook.id}/deliveries`)).body);
      expect(after.filter((delivery) => delivery.replay)).toHaveLength(8);
      // The bots webhook was not replayed.
      expect(firsts('/bots')).toHaveLength(4);
      expect(receiver.at('/bots')).toHaveLength(4);
    },
    60_000,
  );

  it('a replay reads the store a page (WEBHOOK_REPLAY_PAGE 10) per transaction and sends every event again in order', async () => {
    const started = new Date();
    const hook = await create(owner, '/paged', ['code.created', 'scan.created']);
    const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://example.com/paged'));
    expect(code.status).toBe(201);
    const { id, shortCode } = code.body as { id: string; shortCode: string };
    const writer = testEvents(app.app);
    const scans = Array.from({ length: 15 }, (_, i) => {
      const scanned: Scanned = {
        scanId: uuidv7(),
        qrId: id,
        shortCode,
        scannedAt: new Date(Date.now() + i).toISOString(),
        visitorHash: `paged-${i}`,
        device: 'mobile',
        os: 'iOS',
        browser: 'Safari',
        referrer: null,
        country: 'NL',
        language: null,
        isBot: false,
        botReason: null,
      };
      return { streamId: scanStream(id), events: [scannedEvent(scanned, 1)], expectedRevision: 'any' as const };
    });
    // Appended in three transactions: the replay's pages cut through them.
    for (let i = 0; i < scans.length; i += 5) await writer.store.appendMany(scans.slice(i, i + 5));
    await until(() => firsts('/paged').length >= 16, 'the code and its 15 scans', 30_000);
    const first = firsts('/paged');

    const replay = await owner.post(`/api/webhooks/${hook.id}/replay`, { from: started.toISOString() });
    expect(replay.status).toBe(202);
    const { replayId } = replay.body as { replayId: string };
    await until(() => receiver.at('/paged').length >= 32, 'the replayed deliveries', 30_000);
    const replayed = receiver.at('/paged').slice(16);
    expect(replayed.map((delivery) => [delivery.headers['webhook-id'], delivery.body])).toEqual(
      first.map((delivery) => [delivery.headers['webhook-id'], delivery.body]),
    );
    const [progress] = (await ds.query('SELECT pages, done FROM webhook_replays WHERE replay_id = $1', [replayId])) as {
      pages: number;
      done: boolean;
    }[];
    // Every event of the store up to the request is read, ten per transaction: far more than one page.
    const [{ n }] = (await ds.query('SELECT count(*)::int AS n FROM events')) as { n: number }[];
    expect(n).toBeGreaterThan(40);
    expect(progress.done).toBe(true);
    expect(progress.pages).toBeGreaterThanOrEqual(Math.floor(n / 10) - 2);
    const rows = (await ds.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE key LIKE $1', [`replay:${replayId}:%`])) as {
      n: number;
    }[];
    expect(rows[0].n).toBe(16);
  }, 60_000);

  it('a webhook whose endpoint fails every try is disabled, its pending deliveries are cancelled and its owner mailed', async () => {
    const hook = await create(owner, '/down', ['code.created', 'code.paused']);
    receiver.answer = (delivery) => (delivery.path === '/down' ? 503 : 200);
    const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://example.com/down'));
    expect((await owner.post(`/api/dynamic-qrcodes/${code.body.id}/pause`)).status).toBe(200);
    await until(
      async () =>
        webhooksAnswer.parse((await owner.get('/api/webhooks')).body).find((listed) => listed.id === hook.id)?.status === 'disabled',
      'the webhook to be disabled',
      20_000,
    );
    expect(receiver.at('/down').map((delivery) => delivery.json.type)).toEqual([
      'code.created',
      'code.created',
      'code.created',
      'code.created',
    ]);
    const listed = webhooksAnswer.parse((await owner.get('/api/webhooks')).body).find((one) => one.id === hook.id);
    expect(listed?.disabledReason).toBe('HTTP 503 after 4 attempts');
    await until(async () => {
      const rows = deliveriesAnswer.parse((await owner.get(`/api/webhooks/${hook.id}/deliveries`)).body);
      return rows.map((row) => `${row.event} ${row.status}`).join(', ') === 'code.paused cancelled, code.created failed';
    }, 'the paused delivery cancelled');
    const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id])) as {
      n: number;
    }[];
    expect(n).toBe(2);
    const mails = await smtp.waitFor(ownerEmail, 2);
    const notice = mails.find((mail) => mail.parsed.subject === 'A webhook of your QR Code Sharks account was disabled');
    expect(notice?.parsed.text).toContain(`Endpoint: ${base}/down`);
    expect(notice?.parsed.text).toContain('Last attempt: HTTP 503 after 4 attempts');
  }, 40_000);

  it('Retry sends a failed delivery again with the same webhook-id and body and makes its disabled webhook active', async () => {
    const hook = await create(owner, '/flaky', ['code.created', 'code.paused']);
    let up = false;
    receiver.answer = (delivery) => (delivery.path === '/flaky' && !up ? 503 : 200);
    const code = await postMultipart(owner, '/api/dynamic-qrcodes', dynamicForm('https://example.com/flaky'));
    expect((await owner.post(`/api/dynamic-qrcodes/${code.body.id}/pause`)).status).toBe(200);
    const deliveries = async () => deliveriesAnswer.parse((await owner.get(`/api/webhooks/${hook.id}/deliveries`)).body);
    await until(
      async () =>
        (await deliveries()).map((row) => `${row.event} ${row.status}`).join(', ') === 'code.paused cancelled, code.created failed',
      'the webhook disabled, its created delivery failed',
      20_000,
    );
    const [paused, failed] = await deliveries();
    const retry = (client: TestClient, id: string) => client.post(`/api/webhooks/${hook.id}/deliveries/${id}/retry`, {});

    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await retry(stranger, failed.id)).status).toBe(404);
    expect((await retry(owner, paused.id)).body).toMatchObject({ statusCode: 409, message: 'Only a failed delivery can be retried' });
    expect((await retry(owner, `msg_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await retry(owner, 'not-a-delivery')).status).toBe(404);

    up = true;
    const before = receiver.at('/flaky');
    const answer = await retry(owner, failed.id);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ deliveryId: failed.id });
    // The list says active at once (the read model is waited for); the worker sends the stored body again.
    expect(webhooksAnswer.parse((await owner.get('/api/webhooks')).body).find((one) => one.id === hook.id)).toMatchObject({
      status: 'active',
      disabledAt: null,
    });
    await until(async () => (await deliveries())[1].status === 'delivered', 'the retried delivery delivered', 20_000);
    const sent = receiver.at('/flaky').slice(before.length);
    expect(sent.map((delivery) => [delivery.headers['webhook-id'], delivery.body, delivery.answered])).toEqual([
      [failed.id, before[0].body, 200],
    ]);
    expect(verifyStandardWebhook(hook.secret, sent[0].headers, sent[0].body)).toBe(true);
    expect((await deliveries())[1]).toMatchObject({ id: failed.id, attempts: 5, lastStatus: 'HTTP 200', nextAttemptAt: null });
    expect((await retry(owner, failed.id)).status).toBe(409);

    // Active again: the code's next event is delivered.
    expect((await owner.post(`/api/dynamic-qrcodes/${code.body.id}/resume`)).status).toBe(200);
    expect((await owner.post(`/api/dynamic-qrcodes/${code.body.id}/pause`)).status).toBe(200);
    await until(
      async () => receiver.at('/flaky').some((delivery) => delivery.json.type === 'code.paused'),
      'a new pause delivered',
      20_000,
    );

    // The staff's audit log names the webhook by scheme and host: neither the URL's path nor the secret (issue 34).
    const audit = async () =>
      (await ds.query(`SELECT type, summary, data::text AS data FROM audit_events WHERE stream_id = $1 ORDER BY position`, [
        `webhook-${hook.id}`,
      ])) as { type: string; summary: string; data: string }[];
    await until(async () => (await audit()).length === 3, 'three audit rows');
    const rows = await audit();
    expect(rows.map((row) => row.type)).toEqual(['WebhookCreated', 'WebhookDisabled', 'WebhookRetryRequested']);
    expect(rows[0].summary).toBe(`created a webhook to ${base}/… for code.created, code.paused`);
    expect(JSON.stringify(rows)).not.toContain('/flaky');
    expect(JSON.stringify(rows)).not.toContain(hook.secret.slice(6));
  }, 60_000);

  it('Enable turns a disabled webhook back on: the next events are sent, the failed delivery stays failed; audited', async () => {
    // A person of their own: the suite's owner is at the plan's dynamic-code limit by now.
    const me = new TestClient(app.url);
    await signUp(me);
    const hook = await create(me, '/off', ['code.created', 'code.paused', 'code.resumed']);
    let up = false;
    receiver.answer = (delivery) => (delivery.path === '/off' && !up ? 503 : 200);
    const code = await postMultipart(me, '/api/dynamic-qrcodes', dynamicForm('https://example.com/off'));
    expect(code.status).toBe(201);
    const listed = async () => webhooksAnswer.parse((await me.get('/api/webhooks')).body).find((one) => one.id === hook.id);
    await until(async () => (await listed())?.status === 'disabled', 'the webhook disabled', 20_000);
    const enable = (client: TestClient, id = hook.id) => client.post(`/api/webhooks/${id}/enable`, {});

    // Replay is refused while it is off, and says what to do.
    const refused = await me.post(`/api/webhooks/${hook.id}/replay`, { from: new Date(Date.now() - 60_000).toISOString() });
    expect([refused.status, refused.body.message]).toEqual([409, 'This webhook was disabled after failed deliveries: enable it first']);
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await enable(stranger)).status).toBe(404);
    expect((await enable(me, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await enable(me, 'nope')).status).toBe(404);

    up = true;
    const answer = await enable(me);
    expect([answer.status, answer.body]).toEqual([200, { id: hook.id, status: 'active' }]);
    expect(await listed()).toMatchObject({ status: 'active', disabledAt: null, disabledReason: null });
    // Again: nothing more is recorded, same answer.
    expect((await enable(me)).body).toEqual({ id: hook.id, status: 'active' });

    expect((await me.post(`/api/dynamic-qrcodes/${code.body.id}/pause`)).status).toBe(200);
    await until(async () => receiver.at('/off').some((delivery) => delivery.json.type === 'code.paused'), 'the pause delivered', 20_000);
    const paused = receiver.at('/off').find((delivery) => delivery.json.type === 'code.paused')!;
    expect(verifyStandardWebhook(hook.secret, paused.headers, paused.body)).toBe(true);
    const rows = deliveriesAnswer.parse((await me.get(`/api/webhooks/${hook.id}/deliveries`)).body);
    expect(rows.map((row) => `${row.event} ${row.status}`)).toEqual(['code.paused delivered', 'code.created failed']);

    const audit = async () =>
      (await ds.query(`SELECT type, summary FROM audit_events WHERE stream_id = $1 ORDER BY position`, [`webhook-${hook.id}`])) as {
        type: string;
        summary: string;
      }[];
    await until(async () => (await audit()).length === 3, 'three audit rows');
    expect((await audit()).slice(1)).toEqual([
      { type: 'WebhookDisabled', summary: expect.stringContaining('after a delivery failed every try') },
      { type: 'WebhookEnabled', summary: `enabled the webhook ${hook.id} again` },
    ]);
  }, 60_000);

  // Last in this app: the job runs as of 40 days from now, so nothing of the tests before is kept after it.
  it('the retention removes settled deliveries by an event, keeps one in flight; a replayed dispatcher sends nothing again', async () => {
    const me = new TestClient(app.url);
    await signUp(me);
    const hook = await create(me, '/kept', ['code.created', 'code.paused']);
    const code = await postMultipart(me, '/api/dynamic-qrcodes', dynamicForm('https://example.com/kept'));
    expect(code.status).toBe(201);
    await until(async () => {
      const rows = deliveriesAnswer.parse((await me.get(`/api/webhooks/${hook.id}/deliveries`)).body);
      return rows.length === 1 && rows[0].status === 'delivered';
    }, 'code.created delivered');
    // A row still to be sent (its endpoint hangs until the attempt times out) is not the retention's to remove.
    const hanging = await create(me, '/hanging', ['code.paused']);
    receiver.answer = (delivery) => (delivery.path === '/hanging' ? 'hang' : 200);
    expect((await me.post(`/api/dynamic-qrcodes/${code.body.id}/pause`)).status).toBe(200);
    await until(async () => receiver.at('/hanging').length === 1, 'the pause in flight');
    const ledger = async () =>
      (await ds.query('SELECT key, status, webhook_id FROM webhook_deliveries ORDER BY seq')) as {
        key: string;
        status: string;
        webhook_id: string;
      }[];
    const settled = (await ledger()).filter((row) => ['delivered', 'failed', 'cancelled'].includes(row.status));
    expect(settled.length).toBeGreaterThan(3);
    const stream = async () => (await app.app.get<EventStore>(EVENT_STORE).readStream('retention-webhook-deliveries')).length;
    // Recorded at start (the default 30 days), once.
    await until(async () => (await stream()) === 1, 'the cutoff recorded at start');

    const job = app.app.get(WebhookRetention);
    const later = Date.now() + 40 * 86_400_000;
    expect(await job.run(later)).toBe(true);
    expect(await job.run(later)).toBe(false);
    expect(await stream()).toBe(2);
    await until(async () => (await ledger()).every((row) => row.status === 'pending' || row.status === 'sending'), 'settled rows removed');
    const left = await ledger();
    expect(left.map((row) => [row.webhook_id, row.status === 'pending' || row.status === 'sending'])).toEqual([[hanging.id, true]]);
    expect((await ds.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1', [hook.id]))[0].n).toBe(0);

    // The dispatcher replayed from the first event records none of the removed rows again, and nothing is sent again.
    receiver.answer = () => 200;
    const before = receiver.received.length;
    const dispatcher = app.app.get(WebhookDispatcher);
    await dispatcher.stop();
    await ds.query(`DELETE FROM projection_checkpoints WHERE name = 'webhook-dispatcher'`);
    (dispatcher as unknown as { recordedCutoff: string | null }).recordedCutoff = null;
    dispatcher.start();
    const head = (await app.app.get<EventStore>(EVENT_STORE).headPosition())!;
    await until(() => Boolean(dispatcher.position && compareAllPositions(dispatcher.position, head) >= 0), 'the dispatcher replayed $all');
    const replayed = await ledger();
    expect(replayed.map((row) => row.key)).toEqual(left.map((row) => row.key));
    await new Promise((done) => setTimeout(done, 1500));
    expect(receiver.received.slice(before).filter((delivery) => delivery.path !== '/hanging')).toEqual([]);
  }, 60_000);
});

describe('webhook deliveries and the destination policy at delivery time', () => {
  const receiver = new WebhookReceiver();
  let base: string;
  beforeAll(async () => {
    base = await receiver.start();
  });
  afterAll(() => receiver.close());
  const options = { timeoutMs: 1000, allowPrivate: false, dnsServers: [] as string[] };
  const request = (url: string) => ({ url, headers: { 'content-type': 'application/json' }, body: '{}' });

  it('a name that resolves to a private address now is refused before connecting (DNS rebinding); loopback literals too', async () => {
    const port = new URL(base).port;
    const dns = await startDnsServer({ 'rebind.test': { A: ['127.0.0.1'] }, 'public.test': { A: ['93.184.216.34'] } });
    try {
      const refused = await deliver(request(`http://rebind.test:${port}/hook`), { ...options, dnsServers: [dns.address] });
      expect(refused).toEqual({ ok: false, status: 'refused: rebind.test resolves to a private address' });
      expect(await deliver(request(`${base}/hook`), options)).toEqual({ ok: false, status: 'refused: a private address' });
      expect(receiver.received).toHaveLength(0);
      // Allowed private destinations connect to the address the name resolved to.
      expect(
        await deliver(request(`http://rebind.test:${port}/hook`), { ...options, allowPrivate: true, dnsServers: [dns.address] }),
      ).toEqual({
        ok: true,
        status: 'HTTP 200',
      });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await dns.close();
    }
  });

  it('a redirect is not followed: a 3xx is a failed attempt', async () => {
    receiver.answer = (delivery) => (delivery.path === '/moved' ? 302 : 200);
    const before = receiver.received.length;
    expect(await deliver(request(`${base}/moved`), { ...options, allowPrivate: true })).toEqual({ ok: false, status: 'HTTP 302' });
    expect(receiver.received).toHaveLength(before + 1);
  });

  it('an endpoint that does not answer in time is a failed attempt', async () => {
    receiver.answer = () => 'hang';
    const started = Date.now();
    expect(await deliver(request(`${base}/slow`), { ...options, timeoutMs: 300, allowPrivate: true })).toEqual({
      ok: false,
      status: 'timed out after 300 ms',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
