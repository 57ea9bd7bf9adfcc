import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { bootstrap, type RunningApp } from './bootstrap';
import { contactStream, type ContactMessageReceived } from './contact';
import { PERSONAL_DATA_KEYS } from './event-store/event-store.module';
import { erasureStream, PERSONAL_DATA_ERASED, type PersonalDataErased } from './event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from './event-store/personal-data/personal-data-keys';
import { testEvents } from './test-support/events';
import { createTestDatabase, type TestDatabase } from './test-support/database';

/**
 * Issue 32: a key table restored from a backup older than an erasure holds the erased key again; every start applies
 * the erasures the log records to the key table before anything reads, so the person stays erased. Idempotent: a
 * start with nothing restored changes no row.
 */
describe('erasures recorded in the log are applied again at start (a restored key table stays erased)', () => {
  let db: TestDatabase;
  let running: RunningApp | null = null;
  const start = async () => {
    running = await bootstrap({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      UPLOAD_DIR: `/tmp/qrs-test-uploads/${db.name}`,
      MAIL_OUTBOX_DIR: `/tmp/qrs-test-outbox/${db.name}`,
    });
    return running.app;
  };
  const stop = async () => {
    await running?.close();
    running = null;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await stop();
    await db?.drop();
    await Promise.all(
      [`/tmp/qrs-test-uploads/${db?.name}`, `/tmp/qrs-test-outbox/${db?.name}`].map((dir) => rm(dir, { recursive: true, force: true })),
    );
  });

  it('erases again at start a key the backup brought back, and a second start changes nothing', async () => {
    let app = await start();
    const messageId = randomUUID();
    const subject = `contact:${messageId}`;
    const name = `Restored Person ${randomUUID().slice(0, 8)}`;
    const events = testEvents(app);
    await events.append(
      contactStream(messageId),
      [
        events.event<ContactMessageReceived>('ContactMessageReceived', {
          messageId,
          name,
          email: `restored.${messageId.slice(0, 8)}@example.com`,
          subject: 'Hello',
          message: 'Please forget me later',
          inquiryType: 'general',
        }),
      ],
      'no_stream',
    );
    const keyRow = () =>
      app.get(DataSource).query('SELECT id, wrapped_key, erased_at FROM personal_data_keys WHERE subject = $1', [subject]) as Promise<
        { id: string; wrapped_key: Buffer | null; erased_at: Date | null }[]
      >;
    const [backup] = await keyRow();
    expect(backup.wrapped_key).not.toBeNull();

    // The staff's erasure: recorded in the log, then the key erased.
    await events.append(
      erasureStream(subject),
      [events.event<PersonalDataErased>(PERSONAL_DATA_ERASED, { subject, reason: 'staff-request' })],
      'any',
    );
    await app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS).erase(subject);
    expect((await keyRow())[0].wrapped_key).toBeNull();
    // The key table comes back from a backup taken before the erasure.
    await app
      .get(DataSource)
      .query('UPDATE personal_data_keys SET wrapped_key = $2, erased_at = NULL WHERE id = $1', [backup.id, backup.wrapped_key]);
    await stop();

    app = await start();
    const [after] = await keyRow();
    expect({ key: after.wrapped_key, erased: !!after.erased_at }).toEqual({ key: null, erased: true });
    const [message] = await testEvents(app).store.readStream(contactStream(messageId));
    expect(JSON.stringify(message.data)).not.toContain(name);
    await stop();

    app = await start();
    expect(await keyRow()).toEqual([after]);
  }, 120_000);
});
