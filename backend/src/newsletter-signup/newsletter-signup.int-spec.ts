import { DataSource } from 'typeorm';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ProjectionsService } from '../projections/projections.service';
import { createTenants } from '../test-support/tenants';
import { testEvents } from '../test-support/events';
import { until } from '../test-support/until';
import { confirmToken, unsubscribeToken } from './newsletter-tokens';
import { legacyNewsletterStream, NEWSLETTER_EVENTS, newsletterStream } from './newsletter-subscription.events';
import { NEWSLETTER_TOO_MANY } from './subscribe-to-newsletter.command';
import { newsletterSignupAnswer, newsletterUnsubscribedAnswer } from './newsletter-signup.answers';
import { NewsletterSubscribersQuery } from './newsletter-subscribers.query';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';

describe('POST /api/newsletter-signup', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'sharks.test' });
    client = new TestClient(app.url);
    expect(await createTenants(app.app, [{ clientId: 2, name: 'Acme', subdomain: 'acme' }])).toBe(true);
  });
  afterAll(() => app.close());

  const rowsOf = async (email: string) =>
    (await app.app.get(DataSource).query(
      `SELECT client_id, is_deleted, confirmed_at IS NOT NULL AS confirmed FROM newsletter_subscriptions
         WHERE email = $1 ORDER BY client_id`,
      [email],
    )) as { client_id: number; is_deleted: boolean; confirmed: boolean }[];
  const acme = () => new TestClient(app.url, { host: 'acme.sharks.test' });
  const secret = () => app.env.SESSION_SECRET;

  it("lists are per tenant: an address on the default brand's list signs up on a tenant's site, and leaves one list only", async () => {
    const email = 'two.lists@example.com';
    expect((await client.post('/api/newsletter-signup', { email })).body).toMatchObject({ alreadySubscribed: false });
    const onAcme = await acme().post('/api/newsletter-signup', { email });
    expect(onAcme.status).toBe(200);
    expect(onAcme.body).toMatchObject({ alreadySubscribed: false });
    expect(newsletterSignupAnswer.parse(onAcme.body)).toEqual(onAcme.body);
    const store = app.app.get<EventStore>(EVENT_STORE);
    expect(
      (await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 2, email))).map((event) => [
        event.type,
        event.metadata.tenantId,
      ]),
    ).toEqual([['NewsletterSubscribed', 2]]);
    expect(await rowsOf(email)).toEqual([
      { client_id: 1, is_deleted: false, confirmed: false },
      { client_id: 2, is_deleted: false, confirmed: false },
    ]);
    // Acme's unsubscribe link (signed for tenant 2) ends Acme's subscription only, on whichever host it is opened.
    const left = await client.post('/api/newsletter/unsubscribe', { token: unsubscribeToken(secret(), 2, email) });
    expect(left.body).toMatchObject({ alreadyUnsubscribed: false });
    expect(newsletterUnsubscribedAnswer.parse(left.body)).toEqual(left.body);
    await until(async () => (await rowsOf(email))[1]?.is_deleted, "Acme's row to be unsubscribed");
    expect(await rowsOf(email)).toEqual([
      { client_id: 1, is_deleted: false, confirmed: false },
      { client_id: 2, is_deleted: true, confirmed: false },
    ]);
    expect((await client.post('/api/newsletter-signup', { email })).body).toMatchObject({ alreadySubscribed: true });
  });

  it("the query port mail asks (NewsletterSubscribersQuery): confirmed and not unsubscribed, on the tenant's own list", async () => {
    const subscribers = app.app.get(NewsletterSubscribersQuery);
    const email = 'port.reader@example.com';
    expect((await acme().post('/api/newsletter-signup', { email })).status).toBe(200);
    await until(async () => (await rowsOf(email)).length === 1, 'the sign-up in the read model');
    expect(await subscribers.isConfirmedSubscriber(2, email)).toBe(false);
    const [subscribed] = await app.app
      .get<EventStore>(EVENT_STORE)
      .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 2, email));
    expect((await client.post('/api/newsletter/confirm', { token: confirmToken(secret(), 2, email, subscribed.id) })).status).toBe(200);
    await until(async () => (await rowsOf(email))[0]?.confirmed, 'the confirmation in the read model');
    expect(await subscribers.isConfirmedSubscriber(2, ' Port.Reader@Example.com ')).toBe(true);
    expect(await subscribers.isConfirmedSubscriber(1, email)).toBe(false);
    expect((await client.post('/api/newsletter/unsubscribe', { token: unsubscribeToken(secret(), 2, email) })).status).toBe(200);
    await until(async () => (await rowsOf(email))[0]?.is_deleted, 'the unsubscription in the read model');
    expect(await subscribers.isConfirmedSubscriber(2, email)).toBe(false);
  });

  it("an upgraded install: a subscription on the old per-address stream stays its tenant's, and frees the other lists", async () => {
    const email = 'old.stream@example.com';
    const events = testEvents(app.app);
    // As the product wrote it before lists were per tenant: the address's one stream, signed up on Acme's site.
    const subscribed = events.event('NewsletterSubscribed', { email }, { tenantId: 2 });
    const { position } = await events.append(legacyNewsletterStream(email), [subscribed], 'no_stream');
    expect(await app.app.get(ProjectionsService).waitFor(position, [NEWSLETTER_SUBSCRIPTIONS_PROJECTION], 15_000)).toBe(true);
    expect(await rowsOf(email)).toEqual([{ client_id: 2, is_deleted: false, confirmed: false }]);

    expect((await acme().post('/api/newsletter-signup', { email })).body).toMatchObject({ alreadySubscribed: true });
    expect((await client.post('/api/newsletter-signup', { email })).body).toMatchObject({ alreadySubscribed: false });
    // The old subscription's confirmation link (from its mail, signed for tenant 2) confirms it.
    const confirmed = await client.post('/api/newsletter/confirm', { token: confirmToken(secret(), 2, email, subscribed.id) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ alreadyConfirmed: false });
    await until(async () => (await rowsOf(email))[1]?.confirmed, "the old subscription's row to be confirmed");
    expect(await rowsOf(email)).toEqual([
      { client_id: 1, is_deleted: false, confirmed: false },
      { client_id: 2, is_deleted: false, confirmed: true },
    ]);
    expect((await app.app.get<EventStore>(EVENT_STORE).readStream(legacyNewsletterStream(email))).length).toBe(1);
  });

  it('subscribes once: NewsletterSubscribed on newsletter-{tenant}-{sha256}, one read-model row; a repeat answers 200', async () => {
    const first = await client.post('/api/newsletter-signup', { email: 'Shark.Fan@Example.com' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ alreadySubscribed: false });

    const again = await client.post('/api/newsletter-signup', { email: ' shark.fan@example.com ' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadySubscribed: true });

    const stream = await app.app
      .get<EventStore>(EVENT_STORE)
      .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'shark.fan@example.com'));
    expect(stream.map((event) => event.type)).toEqual(['NewsletterSubscribed']);
    expect(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'shark.fan@example.com')).toMatch(/^newsletter-h-1-[0-9a-f]{32}$/);

    const rows = await app.app
      .get(DataSource)
      .query(`SELECT email, client_id, is_deleted FROM newsletter_subscriptions WHERE email LIKE 'shark.fan%'`);
    expect(rows).toEqual([{ email: 'shark.fan@example.com', client_id: 1, is_deleted: false }]);
  });

  it('answers 400 for an address without an at-sign', async () => {
    const res = await client.post('/api/newsletter-signup', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid email address.');
  });
  it('racing signups of one address: every one answers 200, exactly one subscribes', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/newsletter-signup', { email: 'racer@example.com' })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(8).fill(200));
    expect(results.filter((res) => res.body.alreadySubscribed === false)).toHaveLength(1);
    expect(
      (
        await app.app
          .get<EventStore>(EVENT_STORE)
          .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'racer@example.com'))
      ).length,
    ).toBe(1);
  });

  it('the links take the token from the query or the body; missing, forged, other-purpose, expired: 400, nothing appended', async () => {
    const email = 'link.input@example.com';
    expect((await client.post('/api/newsletter-signup', { email })).status).toBe(200);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const [subscribed] = await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, email));
    const token = confirmToken(secret(), 1, email, subscribed.id);
    const leave = unsubscribeToken(secret(), 1, email);
    const invalid = 'This confirmation link is invalid. Please sign up again.';
    const expired = 'This confirmation link has expired. Please sign up again.';
    const refusals: [string, unknown, string][] = [
      ['/api/newsletter/confirm', {}, invalid],
      ['/api/newsletter/confirm', { token: 42 }, invalid],
      ['/api/newsletter/confirm', { token: '' }, invalid],
      ['/api/newsletter/confirm', [token], invalid],
      ['/api/newsletter/confirm', { token: `${token}x`.repeat(20).slice(0, 2001) }, invalid],
      ['/api/newsletter/confirm', { token: leave }, invalid],
      ['/api/newsletter/confirm', { token: confirmToken(secret(), 1, email, subscribed.id, Date.now() - 8 * 86_400_000) }, expired],
      ['/api/newsletter/unsubscribe', { token }, 'This unsubscribe link is invalid.'],
      ['/api/newsletter/unsubscribe', { 'List-Unsubscribe': 'One-Click' }, 'This unsubscribe link is invalid.'],
    ];
    for (const [path, body, message] of refusals) {
      const res = await client.post(path, body);
      expect([path, body, res.status, res.body.message, res.body.errors]).toEqual([path, body, 400, message, { token: message }]);
    }
    expect((await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, email))).map((event) => event.type)).toEqual(
      ['NewsletterSubscribed'],
    );

    // A token in the query string is the link's, whatever the body says.
    const viaQuery = await client.post(`/api/newsletter/confirm?token=${encodeURIComponent(token)}`, { token: 'forged' });
    expect([viaQuery.status, viaQuery.body]).toEqual([
      200,
      { message: 'Your subscription is confirmed. Welcome to the pack!', alreadyConfirmed: false },
    ]);
    // The page posts the token alone; only RFC 8058's List-Unsubscribe=One-Click is recorded as one-click.
    const left = await client.post('/api/newsletter/unsubscribe', { token: leave, 'List-Unsubscribe': 'Yes' });
    expect([left.status, left.body.alreadyUnsubscribed]).toEqual([200, false]);
    const events = await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, email));
    expect(
      NEWSLETTER_EVENTS.among(events).map((event) => [event.type, event.type === 'NewsletterUnsubscribed' ? event.data.via : undefined]),
    ).toEqual([
      ['NewsletterSubscribed', undefined],
      ['NewsletterSubscriptionConfirmed', undefined],
      ['NewsletterUnsubscribed', 'page'],
    ]);
  });

  it('refuses control characters in the address with the field message', async () => {
    const res = await client.post('/api/newsletter-signup', { email: 'a\u0000b@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: 'Email contains characters that are not allowed' });
  });

  it('a signup whose projection lags past the wait bound still answers 200 (committed, from the decision)', async () => {
    const projections = app.app.get(ProjectionsService);
    const pipeline = app.app.get(CommandPipeline);
    await projections.pause('newsletter_subscriptions');
    pipeline.setWaitBound(100);
    try {
      const started = Date.now();
      const res = await client.post('/api/newsletter-signup', { email: 'slow.reader@example.com' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: "You'll receive weekly Shark Tips about QR codes and marketing strategies.",
        alreadySubscribed: false,
      });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(
        (
          await app.app
            .get<EventStore>(EVENT_STORE)
            .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'slow.reader@example.com'))
        ).map((event) => event.type),
      ).toEqual(['NewsletterSubscribed']);
    } finally {
      pipeline.setWaitBound(5000);
      projections.resume('newsletter_subscriptions');
    }
  });
});

describe('POST /api/newsletter-signup: per-IP limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' });
  });
  afterAll(() => app.close());

  it('429 with a clear message past the limit, and the refused sign-up records nothing (no confirmation mail)', async () => {
    const client = new TestClient(app.url);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/newsletter-signup', { email: `fan${i}@example.com` })).status).toBe(200);
    const limited = await client.post('/api/newsletter-signup', { email: 'fan3@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(NEWSLETTER_TOO_MANY);
    expect(
      await app.app
        .get<EventStore>(EVENT_STORE)
        .readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, 'fan3@example.com')),
    ).toEqual([]);
    const [{ n }] = (await app.app.get(DataSource).query(`SELECT count(*)::int AS n FROM events WHERE type = 'NewsletterSubscribed'`)) as {
      n: number;
    }[];
    expect(n).toBe(3);
  });
});
