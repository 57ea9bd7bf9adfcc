import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ANALYTICS_PROJECTION } from './analytics';
import { contactStream, type ContactMessageReceived } from './contact';
import { compareAllPositions } from './event-store/event-store';
import { MAIL_RETENTION_STREAM, MailDispatcher, MailRetention } from './mail';
import { ProjectionsService } from './projections/projections.service';
import { rebuildProjection } from './projections/rebuild';
import { VISITOR_HASH_RETENTION_STREAM, VisitorHashRetention, type Scanned } from './scans';
import { createCodeByEvents, scannedEvent, uuidv7 } from './scans/scan-fixtures';
import { testEvents } from './test-support/events';
import { lastEventPosition } from './test-support/last-event';
import { startTestApp, type TestApp } from './test-support/test-app';
import { until } from './test-support/until';

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/**
 * Issue 32 item 4: retention through events. The worker's jobs record a cutoff (VisitorHashesExpired,
 * MailRecipientsExpired) when it moves; the analytics projection and the mail dispatcher apply it at its place in the
 * log, so a rebuild or a replay expires exactly what the live run did. The jobs ran once at start (the defaults: 30 and
 * 90 days); the tests append old scans and mails after that first cutoff (they keep their hash and address until the
 * next one), then run the job as of tomorrow, which moves the cutoff by a day.
 */
describe('retention: visitor hashes and mail recipients expire through events', () => {
  let app: TestApp;
  let dataSource: DataSource;
  beforeAll(async () => {
    app = await startTestApp();
    dataSource = app.app.get(DataSource);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const streamLength = async (stream: string) => (await testEvents(app.app).store.readStream(stream)).length;
  const analytics = () =>
    app.app
      .get(ProjectionsService)
      .list()
      .find((projection) => projection.name === ANALYTICS_PROJECTION)!;
  async function settleAnalytics() {
    const head = await lastEventPosition(dataSource);
    expect(await app.app.get(ProjectionsService).waitFor(head!, ['analytics'], 10_000)).toBe(true);
  }

  it('scans of days past the window lose their hash, newer keep it, unique visitors stay counted, a rebuild is identical', async () => {
    await until(async () => (await streamLength(VISITOR_HASH_RETENTION_STREAM)) === 1, 'the cutoff recorded at start');
    const code = await createCodeByEvents(app.app, { userId: randomUUID() });
    const hash = (name: string) => `${name}${randomUUID().replace(/-/g, '')}`.slice(0, 22);
    const [alice, bob, crawler, carol] = ['alice', 'bob', 'crawler', 'carol'].map(hash);
    const scan = (visitorHash: string, scannedAt: string, device = 'mobile', isBot = false): Scanned => ({
      scanId: uuidv7(),
      qrId: code.qrId,
      shortCode: code.shortCode!,
      scannedAt,
      visitorHash,
      device,
      os: 'iOS',
      browser: 'Mobile Safari',
      referrer: null,
      country: 'NL',
      language: 'nl',
      isBot,
      botReason: isBot ? 'user-agent' : null,
    });
    const old = ago(45);
    const recent = ago(5);
    const events = testEvents(app.app);
    await events.append(
      `scans-${code.qrId}`,
      [
        scan(alice, old),
        scan(alice, old),
        scan(bob, old, 'desktop'),
        scan(crawler, old, 'bot', true),
        scan(carol, recent),
        scan(alice, recent, 'desktop'),
      ].map((data) => scannedEvent(data, 1)),
      'any',
    );
    await settleAnalytics();

    const hashesOf = async (table: string, day: string) =>
      (
        (await dataSource.query(`SELECT DISTINCT visitor_hash FROM ${table} WHERE qr_id = $1 AND day = $2 ORDER BY 1`, [
          code.qrId,
          day,
        ])) as {
          visitor_hash: string;
        }[]
      ).map((row) => row.visitor_hash);
    const counts = () =>
      dataSource.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, device, kind, count(DISTINCT visitor_hash)::int AS visitors, sum(count)::int AS scans
         FROM scan_facets WHERE qr_id = $1 GROUP BY 1, 2, 3 UNION ALL
         SELECT to_char(day, 'YYYY-MM-DD'), 'all', 'daily', unique_visitors, scans FROM scan_daily WHERE qr_id = $1 ORDER BY 1, 2, 3`,
        [code.qrId],
      );
    const [oldDay, recentDay] = [old.slice(0, 10), recent.slice(0, 10)];
    // Appended after the first cutoff: the old day keeps its hashes until the next one (the rebuild below agrees).
    expect(await hashesOf('scan_visitors', oldDay)).toEqual([alice, bob].sort());
    const before = await counts();
    expect(before).toContainEqual({ day: oldDay, device: 'all', kind: 'daily', visitors: 2, scans: 3 });

    const job = app.app.get(VisitorHashRetention);
    const tomorrow = Date.now() + DAY_MS;
    expect(await job.run(tomorrow)).toBe(true);
    await settleAnalytics();

    expect(await hashesOf('scan_visitors', oldDay)).toEqual(['expired:1', 'expired:2']);
    expect(await hashesOf('scan_facets', oldDay)).toEqual(['expired:1', 'expired:2', 'expired:3']);
    expect(await hashesOf('scan_visitors', recentDay)).toEqual([alice, carol].sort());
    expect(await hashesOf('scan_facets', recentDay)).toEqual([alice, carol].sort());
    for (const table of analytics().tables) {
      const [{ named }] = (await dataSource.query(`SELECT count(*)::int AS named FROM ${table} t WHERE t::text ~ $1`, [
        [bob, crawler].join('|'),
      ])) as { named: number }[];
      expect({ table, named }).toEqual({ table, named: 0 });
    }
    // Every unique-visitor count, per day and per device (a filtered page's), is what it was.
    expect(await counts()).toEqual(before);

    // The same day again: nothing appended, nothing renamed.
    expect(await job.run(tomorrow)).toBe(false);
    expect(await streamLength(VISITOR_HASH_RETENTION_STREAM)).toBe(2);

    const snapshot = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of analytics().tables) rows[table] = await dataSource.query(`SELECT t::text AS row FROM ${table} t ORDER BY 1`);
      return rows;
    };
    const live = await snapshot();
    await rebuildProjection(analytics(), events.store, dataSource);
    expect(await snapshot()).toEqual(live);
  }, 60_000);

  it('mails due before the window lose their recipient, newer keep it, a replay of the dispatcher changes nothing', async () => {
    await until(async () => (await streamLength(MAIL_RETENTION_STREAM)) === 1, 'the cutoff recorded at start');
    const events = testEvents(app.app);
    const message = async (days: number) => {
      const messageId = randomUUID();
      const email = `retention.${randomUUID().slice(0, 8)}@example.com`;
      const event = events.event<ContactMessageReceived>('ContactMessageReceived', {
        messageId,
        name: 'Retention Tester',
        email,
        subject: 'Hello',
        message: `old message ${messageId}`,
        inquiryType: 'general',
      });
      event.metadata.occurredAt = ago(days);
      await events.append(contactStream(messageId), [event], 'no_stream');
      return { sourceId: event.id, email };
    };
    const oldMail = await message(120);
    const newMail = await message(10);
    const ledger = (sourceId: string) =>
      dataSource.query('SELECT key, kind, recipient, data, status, message_id FROM mail_ledger WHERE source_id = $1 ORDER BY kind', [
        sourceId,
      ]) as Promise<{ key: string; kind: string; recipient: string; data: Record<string, unknown>; status: string; message_id: string }[]>;
    await until(async () => (await ledger(newMail.sourceId)).length === 2, 'both messages in the ledger');
    expect((await ledger(oldMail.sourceId)).map((row) => [row.kind, row.recipient])).toContainEqual(['contact-ack', oldMail.email]);
    const kept = await ledger(newMail.sourceId);

    const job = app.app.get(MailRetention);
    const tomorrow = Date.now() + DAY_MS;
    expect(await job.run(tomorrow)).toBe(true);
    const expired = await until(async () => {
      const rows = await ledger(oldMail.sourceId);
      return rows.every((row) => row.recipient === '(expired)') && rows;
    }, 'the old mails expired');
    expect(expired.map((row) => ({ ...row, key: row.key.slice(0, 8), message_id: row.message_id.slice(0, 9) }))).toEqual(
      ['contact-ack', 'contact-support'].map((kind) => ({
        key: 'expired:',
        kind,
        recipient: '(expired)',
        data: {},
        status: 'skipped',
        message_id: '<expired-',
      })),
    );
    const [{ named }] = (await dataSource.query('SELECT count(*)::int AS named FROM mail_ledger t WHERE strpos(t::text, $1) > 0', [
      oldMail.email,
    ])) as { named: number }[];
    expect(named).toBe(0);
    expect(await ledger(newMail.sourceId)).toEqual(kept);

    expect(await job.run(tomorrow)).toBe(false);
    expect(await streamLength(MAIL_RETENTION_STREAM)).toBe(2);

    // Replayed from the first event: the old mails are found by their expired keys, the cutoff expires nothing more.
    const all = () => dataSource.query('SELECT t::text AS row FROM mail_ledger t ORDER BY 1');
    const beforeReplay = await all();
    const dispatcher = app.app.get(MailDispatcher);
    await dispatcher.stop();
    await dataSource.query("DELETE FROM projection_checkpoints WHERE name = 'mail-dispatcher'");
    dispatcher.start();
    const head = (await lastEventPosition(dataSource))!;
    await until(() => {
      const position = dispatcher.position;
      return !!position && position.commit > 0n && compareAllPositions(position, head) >= 0;
    }, 'the dispatcher replayed the log');
    expect(await all()).toEqual(beforeReplay);
  }, 60_000);
});
