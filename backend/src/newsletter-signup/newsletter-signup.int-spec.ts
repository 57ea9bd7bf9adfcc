import { DataSource } from 'typeorm';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ProjectionsService } from '../projections/projections.service';
import { newsletterStream } from './newsletter-subscription.events';

describe('POST /api/newsletter-signup', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  it('subscribes once: NewsletterSubscribed on newsletter-{sha256}, one read-model row; a repeat answers 200', async () => {
    const first = await client.post('/api/newsletter-signup', { email: 'Shark.Fan@Example.com' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ alreadySubscribed: false });

    const again = await client.post('/api/newsletter-signup', { email: ' shark.fan@example.com ' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ alreadySubscribed: true });

    const stream = await app.app.get<EventStore>(EVENT_STORE).readStream(newsletterStream('shark.fan@example.com'));
    expect(stream.map((event) => event.type)).toEqual(['NewsletterSubscribed']);
    expect(newsletterStream('shark.fan@example.com')).toMatch(/^newsletter-[0-9a-f]{64}$/);

    const rows = await app.app.get(DataSource).query('SELECT email, client_id, is_deleted FROM newsletter_subscriptions');
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
    expect((await app.app.get<EventStore>(EVENT_STORE).readStream(newsletterStream('racer@example.com'))).length).toBe(1);
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
        (await app.app.get<EventStore>(EVENT_STORE).readStream(newsletterStream('slow.reader@example.com'))).map((event) => event.type),
      ).toEqual(['NewsletterSubscribed']);
    } finally {
      pipeline.setWaitBound(5000);
      projections.resume('newsletter_subscriptions');
    }
  });
});
