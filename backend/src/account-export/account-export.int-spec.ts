import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { postMultipart } from '../codes/codes.test-kit';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';
import { BROWSER_UA, waitForEvents } from '../scans/scan-fixtures';
import { TestClient } from '../test-support/http';
import { DOUBLE_WEBHOOK_SECRET, startStripeDouble, StripeDouble } from '../test-support/stripe-double';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { accountExportSchema, type AccountExportDocument } from './account-export.answers';
import { exportTooMany } from './export-rate-limit';

const signer = new Stripe('sk_test_signer_only').webhooks;
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const EXPORTS_PER_HOUR = 3;

jest.setTimeout(90_000);

/**
 * Issue 32 item 3: GET /api/account/export holds everything the product keeps about the signed-in person (account,
 * codes with content, style and history, daily scans with breakdowns, share links, payments received, notification
 * settings, mails to them), each part equal to what the API answers about it; another person's data never appears;
 * per account a limit with Retry-After.
 */
describe('GET /api/account/export', () => {
  let app: TestApp;
  let stripe: StripeDouble;
  let store: EventStore;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    app = await startTestApp({ ...stripe.env, TRUST_PROXY: '1', ACCOUNT_EXPORTS_PER_HOUR: String(EXPORTS_PER_HOUR) });
    store = app.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  async function settle() {
    const head = await store.headPosition();
    if (head) expect(await app.app.get(ProjectionsService).waitFor(head, undefined, 20_000)).toBe(true);
  }

  const scan = (client: TestClient, shortCode: string, ua: string, ip: string) =>
    client.request('GET', `/d/${shortCode}`, { headers: { 'user-agent': ua, 'x-forwarded-for': ip } });

  /** A person with a name, settings, a static and a dynamic code (edited, scanned, shared) and a paid payment code. */
  async function person(label: string) {
    const client = new TestClient(app.url);
    const user = await signUp(client, `${label}-${randomUUID().slice(0, 8)}@example.com`);
    expect((await client.put('/api/update-name', { firstName: `First ${label}`, lastName: `Last ${label}` })).status).toBe(200);
    expect((await client.put('/api/account/notification-preferences', { scanNotifications: false, pauseNotifications: true })).status).toBe(
      200,
    );
    const note = await postMultipart(client, '/api/qrcodes', {
      qrType: 'text',
      qrData: JSON.stringify({ text: `note of ${label}` }),
      fgColor: '#112233',
    });
    expect(note.status).toBe(201);
    const menu = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: `https://example.com/${label}/menu` });
    expect(menu.status).toBe(201);
    const edited = await client.put(`/api/dynamic-qrcodes/${menu.body.id}`, { destination: `https://example.com/${label}/menu-2` });
    expect(edited.status).toBe(200);
    // Issue 33: a routing (a rule no scan below matches), exported with the code.
    const routing = {
      rules: [{ when: { country: ['JP'] }, destination: `https://example.com/${label}/japan` }],
      limits: { maxScans: 500 },
    };
    expect((await client.put(`/api/dynamic-qrcodes/${menu.body.id}/routing`, routing)).status).toBe(200);
    const visitor = new TestClient(app.url);
    expect((await scan(visitor, menu.body.shortCode, BROWSER_UA, '81.2.69.142')).status).toBe(302);
    expect((await scan(visitor, menu.body.shortCode, DESKTOP_UA, '8.8.8.8')).status).toBe(302);
    expect((await scan(visitor, menu.body.shortCode, 'curl/8.0', '8.8.4.4')).status).toBe(302);
    await waitForEvents(app.app, `scans-${menu.body.id}`, 3);
    const share = await client.post(`/api/dynamic-qrcodes/${menu.body.id}/share-links`, { expiresInDays: 7 });
    expect(share.status).toBe(201);
    const payment = await paidPaymentCode(client, user.id);
    // Issue 34: an API key (one used, one revoked) and a webhook.
    const key = await client.post('/api/api-keys', { name: `${label} deploys`, scopes: ['codes:read'] });
    expect(key.status).toBe(201);
    expect((await new TestClient(app.url).get('/api/qrcodes', { headers: { authorization: `Bearer ${key.body.key}` } })).status).toBe(200);
    const revoked = await client.post('/api/api-keys', { name: `${label} old`, scopes: ['codes:write'] });
    expect((await client.delete(`/api/api-keys/${revoked.body.id}`)).status).toBe(204);
    const webhook = await client.post('/api/webhooks', { url: `https://hooks.example.com/${label}`, events: ['code.deleted'] });
    expect(webhook.status).toBe(201);
    const secrets = { key: key.body.key as string, secret: webhook.body.secret as string, webhookUrl: webhook.body.url as string };
    return { client, user, codeIds: [note.body.id as string, menu.body.id as string, payment.qrId], ...payment, ...secrets };
  }

  async function paidPaymentCode(owner: TestClient, ownerId: string) {
    const link = await owner.post('/api/payments/connect/onboarding', {});
    expect(link.status).toBe(200);
    const accountId = String(link.body.url).split('/').pop() as string;
    stripe.setAccount(accountId, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
    expect((await owner.get('/api/payments/connect')).body).toMatchObject({ chargesEnabled: true });
    const code = await postMultipart(owner, '/api/qrcodes', {
      qrType: 'payment',
      productName: 'Shark plush',
      productPrice: '19.99',
      productDescription: 'Soft and toothy',
    });
    expect([code.status, code.body.message]).toEqual([201, undefined]);
    await settle();
    const buyer = new TestClient(app.url);
    const paid = await buyer.post('/api/create-payment-intent', { amount: 1999, productId: code.body.id, checkoutId: randomUUID() });
    expect(paid.status).toBe(200);
    const intent = [...stripe.paymentIntents.values()].find((candidate) => candidate.client_secret === paid.body.clientSecret)!;
    expect(intent.metadata).toMatchObject({ ownerId });
    const event = {
      id: `evt_${randomBytes(10).toString('hex')}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      api_version: '2025-01-01',
      data: { object: { ...intent, status: 'succeeded' } },
    };
    const payload = JSON.stringify(event);
    const header = signer.generateTestHeaderString({ payload, secret: DOUBLE_WEBHOOK_SECRET });
    const delivered = await new TestClient(app.url).post('/api/stripe/webhook', payload, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    });
    expect(delivered.status).toBe(200);
    return { qrId: code.body.id as string, intentId: intent.id as string };
  }

  it("holds the person's account, codes, scans, share links, payments, settings and mails as the API answers, nobody else's", async () => {
    const ada = await person('ada');
    const bob = await person('bob');
    await settle();
    // The mails to Ada: the welcome at sign-up and the notice of the payment she received (the ledger is written by the
    // mail dispatcher after the events: waited for).
    const ledger = app.app.get(DataSource);
    const adaMails = await until(async () => {
      const rows = (await ledger.query(
        `SELECT kind, status, created_at FROM mail_ledger WHERE lower(recipient) = lower($1) OR recipient = $2 ORDER BY created_at, key`,
        [ada.user.email, `user:${ada.user.id}`],
      )) as { kind: string; status: string }[];
      return rows.some((row) => row.kind === 'payment-received') && rows;
    }, "Ada's payment notice in the mail ledger");

    const res = await ada.client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="qr-code-sharks-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body as AccountExportDocument;
    // Exactly the documented format (docs/account-export.md, /api/docs): parsing drops no field and fails on none.
    expect(accountExportSchema.parse(data)).toEqual(data);

    // The account and the settings: what GET /api/user and the settings route answer.
    expect(data.account).toMatchObject((await ada.client.get('/api/user')).body);
    expect(data.account).toMatchObject({ firstName: 'First ada', lastName: 'Last ada', email: ada.user.email });
    expect(data.notificationPreferences).toEqual((await ada.client.get('/api/account/notification-preferences')).body);
    expect(data.notificationPreferences).toEqual({ scanNotifications: false, pauseNotifications: true });

    // Every code with its content, style and history, as the dashboard and the history route answer them.
    expect(data.codes.map((code) => code.id).sort()).toEqual([...ada.codeIds].sort());
    for (const code of data.codes) {
      const { history, scans, routing, ...rest } = code;
      expect(rest).toEqual((await ada.client.get(`/api/dashboard/codes/${code.id}`)).body);
      if (code.id !== ada.codeIds[1]) expect(routing).toBeNull();
      expect(history).toEqual((await ada.client.get(`/api/qrcodes/${code.id}/history`)).body);
      if (code.id !== ada.codeIds[1]) expect(scans).toEqual([]);
    }
    const note = data.codes.find((code) => code.id === ada.codeIds[0])!;
    expect(note).toMatchObject({ content: 'note of ada', fgColor: '#112233' });
    const menu = data.codes.find((code) => code.id === ada.codeIds[1])!;
    expect(menu.history.map((entry) => entry.type)).toEqual(['QrCreated', 'QrDestinationChanged', 'QrRoutingChanged']);
    // The routing now, as GET .../routing answers it (without the version).
    const { version, ...routingNow } = (await ada.client.get(`/api/dynamic-qrcodes/${menu.id}/routing`)).body;
    expect(typeof version).toBe('number');
    expect(menu.routing).toEqual(routingNow);
    expect(menu.routing).toEqual({
      rules: [{ when: { country: ['JP'] }, destination: 'https://example.com/ada/japan' }],
      limits: { maxScans: 500 },
    });

    // Scans per day, with breakdowns: the analytics page's figures for the same day.
    const today = new Date().toISOString().slice(0, 10);
    expect(menu.scans.map((day) => day.date)).toEqual([today]);
    const analytics = (await ada.client.get(`/api/dynamic-qrcodes/${menu.id}/analytics?from=${today}&to=${today}`)).body;
    const [day] = menu.scans;
    expect({ scans: day.scans, uniqueVisitors: day.uniqueVisitors, bots: day.bots }).toEqual({
      scans: analytics.daily[0].scans,
      uniqueVisitors: analytics.daily[0].uniqueVisitors,
      bots: analytics.daily[0].bots,
    });
    expect(day).toMatchObject({ scans: 2, uniqueVisitors: 2, bots: 1 });
    for (const dimension of ['country', 'device', 'os', 'browser', 'referrer', 'hour'] as const) {
      const people = day.breakdowns[dimension].filter((item) => item.scans > 0).map((item) => ({ value: item.value, count: item.scans }));
      const sortByValue = (list: { value: string; count: number }[]) => [...list].sort((a, b) => (a.value < b.value ? -1 : 1));
      expect(sortByValue(people)).toEqual(sortByValue(analytics.breakdowns[dimension]));
    }

    // Share links, payments and mails.
    expect(data.shareLinks).toEqual((await ada.client.get(`/api/dynamic-qrcodes/${menu.id}/share-links`)).body);
    expect(data.shareLinks).toHaveLength(1);
    expect(data.payments).toEqual(
      (await ada.client.get(`/api/qrcodes/${ada.qrId}/payments`)).body.payments.map((payment: object) => ({ ...payment, qrId: ada.qrId })),
    );
    expect(data.payments).toEqual([expect.objectContaining({ id: ada.intentId, amount: 1999, status: 'succeeded' })]);
    expect(data.mails.map((mail) => mail.kind)).toEqual(adaMails.map((row) => row.kind));
    expect(data.mails.every((mail) => mail.to === ada.user.email)).toBe(true);
    expect(data.mails.map((mail) => mail.kind)).toEqual(expect.arrayContaining(['welcome', 'payment-received']));

    // API keys and webhooks as their routes list them, never the key, its hash or the signing secret.
    type KeyRow = { name: string; prefix: string; lastUsedAt: string | null };
    await until(async () => ((await ada.client.get('/api/api-keys')).body as KeyRow[]).some((k) => k.lastUsedAt), 'last use');
    const fresh = await ada.client.get('/api/account/export');
    const again = fresh.body as AccountExportDocument;
    expect(again.apiKeys).toEqual((await ada.client.get('/api/api-keys')).body);
    expect(again.apiKeys.map((key) => [key.name, key.revokedAt === null, key.lastUsedAt !== null])).toEqual([
      ['ada deploys', true, true],
      ['ada old', false, false],
    ]);
    expect(data.webhooks).toEqual((await ada.client.get('/api/webhooks')).body);
    expect(data.webhooks).toEqual([expect.objectContaining({ url: ada.webhookUrl, events: ['code.deleted'], status: 'active' })]);
    const hashes = (await ledger.query('SELECT key_hash FROM api_keys WHERE owner_id = $1', [ada.user.id])) as { key_hash: string }[];
    expect(hashes).toHaveLength(2);
    for (const hidden of [ada.key, ada.secret, ada.secret.slice(6), ...hashes.map((row) => row.key_hash)]) {
      expect(res.text).not.toContain(hidden);
      expect(fresh.text).not.toContain(hidden);
    }

    // Bob's data appears nowhere in Ada's file.
    for (const secret of [
      bob.user.id,
      bob.user.email,
      'First bob',
      'note of bob',
      'bob/menu',
      bob.intentId,
      ...bob.codeIds,
      bob.webhookUrl,
    ])
      expect(res.text).not.toContain(secret);
  });

  it(`answers 401 signed out, and 429 with Retry-After past ${EXPORTS_PER_HOUR} exports an hour per account`, async () => {
    expect((await new TestClient(app.url).get('/api/account/export')).status).toBe(401);
    const client = new TestClient(app.url);
    await signUp(client);
    const statuses: number[] = [];
    for (let i = 0; i <= EXPORTS_PER_HOUR; i++) statuses.push((await client.get('/api/account/export')).status);
    expect(statuses).toEqual([...Array(EXPORTS_PER_HOUR).fill(200), 429]);
    const refused = await client.get('/api/account/export');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(exportTooMany(EXPORTS_PER_HOUR));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another account has its own count.
    const other = new TestClient(app.url);
    await signUp(other);
    expect((await other.get('/api/account/export')).status).toBe(200);
  });
});
