import { DataSource } from 'typeorm';
import { EventWriter } from '../event-store/event-writer';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { newsletterStream } from './newsletter-subscription';

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

    const stream = await app.app.get(EventWriter).store.readStream(newsletterStream('shark.fan@example.com'));
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
});
