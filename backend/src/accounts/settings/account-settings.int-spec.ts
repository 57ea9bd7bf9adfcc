import { DataSource } from 'typeorm';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

describe('account settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('PUT /api/update-name trims the names, records UserNameChanged and answers the user', async () => {
    const client = new TestClient(app.url);
    const { id } = await signUp(client);
    const res = await client.put('/api/update-name', { firstName: '  Ada ', lastName: ' Lovelace  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, firstName: 'Ada', lastName: 'Lovelace' });
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const stream = await testEvents(app.app).store.readStream(`user-${id}`);
    expect(stream.map((event) => event.type)).toEqual(['UserRegistered', 'UserNameChanged']);
    expect(stream[1].metadata.actorId).toBe(id);
    expect((await new TestClient(app.url).put('/api/update-name', { firstName: 'X', lastName: 'Y' })).status).toBe(401);
  });

  it('PUT /api/update-name tolerates events of other features on user-{id} (TrialActivated, unknown types)', async () => {
    const client = new TestClient(app.url);
    const { id } = await signUp(client);
    const writer = testEvents(app.app);
    const loaded = await writer.store.readStream(`user-${id}`);
    await writer.append(
      `user-${id}`,
      [
        writer.event('TrialActivated', {
          userId: id,
          trialStartDate: '2030-01-01T00:00:00.000Z',
          trialEndDate: '2030-01-04T00:00:00.000Z',
        }),
        writer.event('DynamicQrSlotTaken', { userId: id, qrId: 'q1' }),
        writer.event('SubscriptionStatusChanged', { userId: id, subscriptionStatus: 'active' }),
      ],
      loaded[loaded.length - 1].revision,
    );
    const res = await client.put('/api/update-name', { firstName: 'Grace', lastName: 'Hopper' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', subscriptionStatus: 'active' });
    const [row] = await queryUser(app, id);
    expect(row).toMatchObject({ trial_activated: true, subscription_status: 'active', first_name: 'Grace' });
    expect(new Date(row.trial_end_date).toISOString()).toBe('2030-01-04T00:00:00.000Z');
  });

  it('POST /api/delete-account: soft delete, every session ends, sign-in refused, the email can sign up again', async () => {
    const client = new TestClient(app.url);
    const { id, email, password } = await signUp(client);
    const otherDevice = new TestClient(app.url);
    expect((await otherDevice.post('/api/login', { username: email, password })).status).toBe(200);

    const res = await client.post('/api/delete-account', { password });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    const login = await new TestClient(app.url).post('/api/login', { username: email, password });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid username or password');

    const [row] = await queryUser(app, id);
    expect(row).toMatchObject({ is_deleted: true });
    expect(row.deleted_at).not.toBeNull();
    const again = await signUp(new TestClient(app.url), email, 'another-password');
    expect(again.id).not.toBe(id);
  });
});

function queryUser(app: TestApp, id: string): Promise<Record<string, any>[]> {
  return app.app.get(DataSource).query('SELECT * FROM users WHERE id = $1', [id]);
}
