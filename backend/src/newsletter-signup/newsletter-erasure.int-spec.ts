import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import { TestClient } from '../test-support/http';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { until } from '../test-support/until';
import { confirmToken } from './newsletter-tokens';
import { newsletterStream } from './newsletter-subscription.events';
import { NEWSLETTER_SUBSCRIPTIONS_PROJECTION } from './newsletter-subscriptions.projection';
import { STREAM_NAMES } from '../event-store/event-store.module';
import type { StreamNames } from '../event-store/personal-data/stream-names';

/**
 * Issue 32 item 2: deleting an account erases the key of its address's newsletter subscription on that tenant
 * (`PersonalDataErased` of `email:{tenantId}:{hash}`); the live row then holds the erased address, exactly what a
 * rebuild writes (its events read as erased), and no longer the plain one.
 */
describe('newsletter_subscriptions after an erasure', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it("an account's deletion rewrites its address's subscription as a rebuild does", async () => {
    const email = `subscriber.${randomUUID().slice(0, 8)}@example.com`;
    const other = `bystander.${randomUUID().slice(0, 8)}@example.com`;
    const client = new TestClient(app.url);
    const dataSource = app.app.get(DataSource);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const projections = app.app.get(ProjectionsService);
    const rows = async () =>
      (await dataSource.query(`SELECT t::text AS row FROM newsletter_subscriptions t ORDER BY client_id, subscribed_at, id`)) as {
        row: string;
      }[];

    for (const address of [email, other]) expect((await client.post('/api/newsletter-signup', { email: address })).status).toBe(200);
    const [subscribed] = await store.readStream(newsletterStream(app.app.get<StreamNames>(STREAM_NAMES), 1, email));
    const token = confirmToken(app.env.SESSION_SECRET, 1, email, subscribed.id);
    expect((await client.post('/api/newsletter/confirm', { token })).status).toBe(200);
    await until(
      async () =>
        ((await dataSource.query('SELECT 1 FROM newsletter_subscriptions WHERE email = $1 AND confirmed_at IS NOT NULL', [email])) as [])
          .length > 0,
      'the confirmation in the read model',
    );

    const registered = await client.post('/api/register', {
      username: email,
      email,
      password: 'secret-password',
      confirmPassword: 'secret-password',
      firstName: 'News',
      lastName: 'Reader',
    });
    expect(registered.status).toBe(200);
    expect((await client.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    expect(await projections.waitFor((await store.headPosition())!, undefined, 60_000)).toBe(true);
    expect(await dataSource.query('SELECT projection, event_type, error FROM projection_dead_letters')).toEqual([]);

    const live = (await rows()).map(({ row }) => row);
    const projection = projections.list().find((candidate) => candidate.name === NEWSLETTER_SUBSCRIPTIONS_PROJECTION)!;
    await rebuildProjection(projection, store, dataSource);
    expect((await rows()).map(({ row }) => row)).toEqual(live);
    // The live row names the address no more: it holds what the rebuild wrote.
    expect(live.filter((row) => row.includes(email))).toEqual([]);
    expect(live.filter((row) => row.includes('@erased.invalid'))).toHaveLength(1);
    expect(live.filter((row) => row.includes(other))).toHaveLength(1);
  }, 120_000);
});
