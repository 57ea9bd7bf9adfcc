import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import type {
  AccountDisabled,
  EmailVerificationRequested,
  PasswordResetRequested,
  SubscriptionStatusChanged,
  UserRegistered,
} from '../accounts';
import type { AnalyticsShareCreated } from '../analytics';
import type { ApiKeyCreated } from '../api-keys';
import { webhookStream, type WebhookCreated } from '../webhooks';
import { batchStream, type BatchRequested } from '../batches';
import { bootstrap, type RunningApp } from '../bootstrap';
import type { CampaignStarted } from '../campaigns';
import { DEFAULT_STORED_STYLE, type FileUploaded, type QrCreated, type QrTracked } from '../codes';
import type { ClientCreated } from '../tenants';
import { envelope } from '../command-pipeline/command-pipeline';
import { allMigrations, createDataSource } from '../database/data-source';
import {
  compareAllPositions,
  type AllPosition,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
} from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PERSONAL_DATA_KEYS } from '../event-store/event-store.module';
import { erasureStream, PERSONAL_DATA_ERASED, type PersonalDataErased } from '../event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import { emailSubject } from '../event-store/personal-data/personal-data-registry';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { PaymentFailed, PaymentSucceeded } from '../payments';
import { scannedEvent, uuidv7 } from '../scans/scan-fixtures';
import { VISITOR_HASH_RETENTION_STREAM, VISITOR_HASHES_EXPIRED, type VisitorHashesExpired } from '../scans';
import { MAIL_RECIPIENTS_EXPIRED, MAIL_RETENTION_STREAM, type MailRecipientsExpired } from '../mail';
import { createTestDatabase, type TestDatabase } from '../test-support/database';
import { ProjectionsService } from './projections.service';
import { rebuildProjection } from './rebuild';
import { snapshotReadModels } from '../test-support/read-models';

/**
 * Issue 28 item 1: rebuilds are the product's promise. An install upgraded from before the campaigns migration (its
 * newsletter list as the projection of the time wrote it) runs the remaining migrations, meets a scenario with every
 * event type any registered projection consumes (old shapes included), and then EVERY registered projection is
 * rebuilt through `rebuildProjection` (what `npm run projections -- rebuild` and the console's worker run). Every
 * table of every read model must then hold exactly the rows it held live. Event types and tables come from the
 * registry: a projection, table or consumed event type added later, or a migration that writes a read model in a way
 * no projection reproduces, fails here until the scenario covers it and the rebuild reproduces it.
 */
const FIRST_MIGRATION_AFTER_THE_OLD_INSTALL = 'Campaigns1795524000000';
const timestampOf = (name: string) => Number(/(\d{13})$/.exec(name)?.[1] ?? NaN);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('rebuilding every projection gives the live read models, row by row (an upgraded install, every event type)', () => {
  let db: TestDatabase;
  let running: RunningApp | null = null;

  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    await installOldVersion(db);
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
  }, 120_000);

  afterAll(async () => {
    await running?.close();
    await db?.drop();
    await Promise.all(
      [`/tmp/qrs-test-uploads/${db?.name}`, `/tmp/qrs-test-outbox/${db?.name}`].map((dir) => rm(dir, { recursive: true, force: true })),
    );
  });

  it('covers every consumed event type, and after rebuilding every projection each table holds the live rows', async () => {
    const app = running!.app;
    const projections = app.get(ProjectionsService);
    const store = app.get<EventStore>(EVENT_STORE);
    const dataSource = app.get(DataSource);

    // The last append's position: headPosition() may lag while another database's transaction holds xmin back.
    const last = await playScenario(store, app.get<PersonalDataKeys>(PERSONAL_DATA_KEYS));
    expect(await projections.waitFor(last, undefined, 60_000)).toBe(true);
    expect(await dataSource.query('SELECT projection, event_type, error FROM projection_dead_letters')).toEqual([]);

    // Every event type a registered projection consumes is in the scenario (from the registry, not a list kept here).
    const consumed = new Set(projections.list().flatMap((projection) => [...projection.eventTypes]));
    const played = new Set(((await dataSource.query('SELECT DISTINCT type FROM events')) as { type: string }[]).map((row) => row.type));
    expect([...consumed].filter((type) => !played.has(type)).sort()).toEqual([]);

    const snapshot = () => snapshotReadModels(projections, dataSource);
    const live = await snapshot();
    // The scenario reached every table: an empty table would compare equal whatever its projection does.
    expect(
      Object.entries(live)
        .filter(([, rows]) => rows.length === 0)
        .map(([table]) => table),
    ).toEqual([]);
    // The newsletter subscribers from before double opt-in are still confirmed (issue 28 item 1).
    expect(
      await dataSource.query(
        `SELECT email, client_id, confirmed_at = subscribed_at AS confirmed_when_subscribed FROM newsletter_subscriptions
         WHERE email LIKE 'early.%' ORDER BY email`,
      ),
    ).toEqual([
      { email: 'early.acme@example.com', client_id: 2, confirmed_when_subscribed: true },
      { email: 'early.bird@example.com', client_id: 1, confirmed_when_subscribed: true },
    ]);

    // Yesterday's visitor was renamed by the retention cutoff, today's kept its hash (issue 32 item 4).
    expect(await dataSource.query("SELECT visitor_hash LIKE 'expired:%' AS expired FROM scan_visitors ORDER BY day")).toEqual([
      { expired: true },
      { expired: false },
    ]);

    for (const projection of projections.list()) await rebuildProjection(projection, store, dataSource);
    const rebuilt = await snapshot();
    for (const key of Object.keys(live)) expect({ [key]: rebuilt[key] }).toEqual({ [key]: live[key] });
  }, 240_000);
});

/**
 * The database of an install from before the campaigns migration: its migrations, its newsletter subscriptions on
 * the per-address streams of the time, and the list as its projection wrote it (one row per address, no
 * `confirmed_at`), with the projection's checkpoint at the end.
 */
async function installOldVersion(db: TestDatabase): Promise<void> {
  const cut = timestampOf(FIRST_MIGRATION_AFTER_THE_OLD_INSTALL);
  const dataSource = createDataSource(db.url, { poolSize: 1 });
  dataSource.setOptions({ migrations: allMigrations().filter((migration) => timestampOf(migration.name) < cut) });
  await dataSource.initialize();
  const pool = db.pool({ max: 2 });
  const store = new PostgresEventStore(pool);
  try {
    await dataSource.runMigrations({ transaction: 'each' });
    const subscriptions = [
      { email: 'early.bird@example.com', tenantId: 1 },
      { email: 'early.acme@example.com', tenantId: 2 },
    ];
    let last: AppendResult | null = null;
    for (const { email, tenantId } of subscriptions) {
      const event = envelope({ type: 'NewsletterSubscribed', data: { email } }, { tenantId, actorId: 'anonymous' });
      last = await store.append(`newsletter-${sha256(email)}`, [event], { expectedRevision: 'no_stream' });
      await dataSource.query(
        `INSERT INTO newsletter_subscriptions (id, client_id, email, subscribed_at, is_deleted) VALUES ($1, $2, $3, $4, false)
         ON CONFLICT (email) DO UPDATE SET id = excluded.id, client_id = excluded.client_id, subscribed_at = excluded.subscribed_at,
           is_deleted = false, deleted_at = NULL WHERE newsletter_subscriptions.is_deleted`,
        [event.id, tenantId, email, event.metadata.occurredAt],
      );
    }
    await dataSource.query(
      `INSERT INTO projection_checkpoints (name, commit_position, prepare_position) VALUES ('newsletter_subscriptions', $1, $2)`,
      [last!.position.commit.toString(), last!.position.prepare.toString()],
    );
  } finally {
    await store.close();
    await pool.end();
    await dataSource.destroy();
  }
}

/** One scenario touching every event type the projections consume, in the shapes the product writes and wrote. */
async function playScenario(store: EventStore, keys: PersonalDataKeys): Promise<AllPosition> {
  let last: AllPosition | null = null;
  const append = async (streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision = 'any') => {
    const result = await store.append(streamId, events, { expectedRevision });
    if (!last || compareAllPositions(result.position, last) > 0) last = result.position;
    return result;
  };
  const at = (tenantId: number, actorId = 'system') => ({ tenantId, actorId });
  const event = <T>(type: string, data: T, tenantId = 1, actorId = 'system', id?: string) =>
    envelope({ type, data, id }, at(tenantId, actorId));

  // Tenants: the default one exists (created at start); Acme, and Bistro that is deleted.
  const client = (clientId: number, name: string) =>
    event<ClientCreated>('ClientCreated', {
      clientId,
      apiKey: `qrs_test_tenant_${clientId}`,
      name,
      customDomain: null,
      subdomain: name.toLowerCase(),
      logoUrl: null,
      primaryColor: '#FF0000',
      secondaryColor: '#00FF00',
      customFavicon: null,
      removeQRCodeSharksBranding: false,
      customCSS: null,
      isActive: true,
    });
  await append('tenant-2', [client(2, 'Acme')]);
  await append('tenant-2', [event('ClientUpdated', { clientId: 2, changes: { primaryColor: '#123456', customCSS: '.x { color: red }' } })]);
  await append('tenant-2', [event('ClientApiKeyRotated', { clientId: 2, apiKey: `qrs_${'a'.repeat(48)}` })]);
  await append('tenant-3', [client(3, 'Bistro')]);
  await append('tenant-3', [event('ClientDeleted', { clientId: 3 })]);

  // Accounts: an owner (old shape: no verification, a password change without `reset`), an admin, a Google user, one deleted.
  const owner = randomUUID();
  const staff = randomUUID();
  const googler = randomUUID();
  const leaver = randomUUID();
  const registered = (userId: string, tenantId: number, email: string, extra: Partial<UserRegistered> = {}) =>
    event<UserRegistered>(
      'UserRegistered',
      { userId, clientId: tenantId, username: email, email, firstName: 'Ada', lastName: 'Shark', passwordHash: 'argon2id$x', ...extra },
      tenantId,
      userId,
    );
  await append(`user-${owner}`, [
    registered(owner, 1, 'owner@example.com'),
    event('UserNameChanged', { userId: owner, firstName: 'Ada', lastName: 'Lovelace' }, 1, owner),
    event('PasswordChanged', { userId: owner, passwordHash: 'argon2id$old-shape' }, 1, owner),
    event<PasswordResetRequested>(
      'PasswordResetRequested',
      { userId: owner, email: 'owner@example.com', requestId: randomUUID(), authVersion: 2, expiresAt: ago(-1) },
      1,
      'anonymous',
    ),
    event('PasswordChanged', { userId: owner, passwordHash: 'argon2id$reset', reset: true }, 1, 'anonymous'),
    event('TrialActivated', { userId: owner, trialStartDate: ago(2), trialEndDate: ago(-12) }, 1, owner),
    event<SubscriptionStatusChanged>('SubscriptionStatusChanged', { userId: owner, subscriptionStatus: 'active' }, 1, 'system'),
    event<SubscriptionStatusChanged>(
      'SubscriptionStatusChanged',
      {
        userId: owner,
        subscriptionStatus: 'past_due',
        stripeCustomerId: 'cus_1',
        stripeSubscriptionId: 'sub_1',
        stripeEventCreated: 1_790_000_000,
        currentPeriodEnd: ago(-20),
      },
      1,
    ),
  ]);
  const verification = { requestId: randomUUID(), expiresAt: ago(-1) };
  await append(`user-${staff}`, [
    registered(staff, 1, 'staff@example.com', { verification }),
    event<EmailVerificationRequested>('EmailVerificationRequested', { userId: staff, ...verification, requestedAt: ago(0) }, 1, staff),
    event('EmailVerified', { userId: staff, via: 'link', requestId: verification.requestId }, 1, staff),
    event('RoleGranted', { userId: staff, role: 'admin' }),
    event('RoleGranted', { userId: staff, role: 'support' }),
    event('RoleRevoked', { userId: staff, role: 'support' }),
  ]);
  await append(`user-${googler}`, [
    registered(googler, 2, 'googler@example.com'),
    event('UserSignedInWithGoogle', { userId: googler, googleId: 'g-1', email: 'googler@example.com', linked: true }, 2, googler),
    event('EmailVerified', { userId: googler, via: 'google' }, 2, googler),
    event('PasswordRemoved', { userId: googler, reason: 'google-verified-address' }, 2, googler),
    event<AccountDisabled>('AccountDisabled', { userId: googler, reason: 'spam' }, 2, staff),
    event('AccountEnabled', { userId: googler }, 2, staff),
  ]);
  await append(`user-${leaver}`, [registered(leaver, 1, 'leaver@example.com')]);
  // API keys (issue 34): one kept, one revoked.
  const keyMade = (keyId: string, name: string) =>
    event<ApiKeyCreated>(
      'ApiKeyCreated',
      { keyId, ownerId: googler, name, scopes: ['codes:read'], prefix: `qrs_live_${name}`, keyHash: name.padEnd(64, '0') },
      2,
      googler,
    );
  const revokedKey = randomUUID();
  await append(`api-keys-${googler}`, [
    keyMade(randomUUID(), 'kept'),
    keyMade(revokedKey, 'gone'),
    event('ApiKeyRevoked', { keyId: revokedKey, ownerId: googler, name: 'gone', prefix: 'qrs_live_gone' }, 2, googler),
  ]);

  // Webhooks (issue 34): one kept (and replayed), one disabled by the worker, one disabled and made active by a retry, one
  // enabled again after it was disabled, one deleted.
  const hook = (webhookId: string, url: string) =>
    event<WebhookCreated>(
      'WebhookCreated',
      { webhookId, ownerId: googler, url, events: ['scan.created'], includeBots: false, secret: `whsec_${'A'.repeat(44)}` },
      2,
      googler,
    );
  const [keptHook, disabledHook, retriedHook, deletedHook] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await append(webhookStream(keptHook), [
    hook(keptHook, 'https://hooks.example.com/kept'),
    event('WebhookReplayRequested', { webhookId: keptHook, replayId: randomUUID(), from: '2026-01-01T00:00:00.000Z' }, 2, googler),
  ]);
  await append(webhookStream(disabledHook), [
    hook(disabledHook, 'https://hooks.example.com/down'),
    event('WebhookDisabled', { webhookId: disabledHook, ownerId: googler, url: 'https://hooks.example.com/down', reason: 'HTTP 500' }, 2),
  ]);
  await append(webhookStream(retriedHook), [
    hook(retriedHook, 'https://hooks.example.com/back'),
    event('WebhookDisabled', { webhookId: retriedHook, ownerId: googler, url: 'https://hooks.example.com/back', reason: 'HTTP 503' }, 2),
    event('WebhookRetryRequested', { webhookId: retriedHook, deliveryId: `msg_${'1'.repeat(32)}` }, 2, googler),
  ]);
  const enabledHook = randomUUID(); // disabled by the worker, then enabled again by its owner
  await append(webhookStream(enabledHook), [
    hook(enabledHook, 'https://hooks.example.com/again'),
    event('WebhookDisabled', { webhookId: enabledHook, ownerId: googler, url: 'https://hooks.example.com/again', reason: 'HTTP 502' }, 2),
    event('WebhookEnabled', { webhookId: enabledHook }, 2, googler),
  ]);
  await append(webhookStream(deletedHook), [
    hook(deletedHook, 'https://hooks.example.com/gone'),
    event('WebhookDeleted', { webhookId: deletedHook }, 2, googler),
  ]);

  // Batches (issue 35): one done with a code made and a row refused, one the worker could not finish.
  const [doneBatch, failedBatch] = [randomUUID(), randomUUID()];
  const batchRequested = (batchId: string) =>
    event<BatchRequested>(
      'BatchRequested',
      {
        batchId,
        ownerId: googler,
        name: 'Tables',
        rows: [
          { qrType: 'text', text: 'a' },
          { qrType: 'url', url: 'nope' },
        ],
      },
      2,
      googler,
    );
  await append(batchStream(doneBatch), [
    batchRequested(doneBatch),
    event('BatchStarted', { batchId: doneBatch }, 2, googler),
    event(
      'BatchRowsProcessed',
      { batchId: doneBatch, processed: 2, created: [{ row: 1, codeId: randomUUID() }], failed: [{ row: 2, field: 'url', message: 'x' }] },
      2,
      googler,
    ),
    event('BatchFinished', { batchId: doneBatch, state: 'done', reason: null }, 2, googler),
  ]);
  await append(batchStream(failedBatch), [
    batchRequested(failedBatch),
    event('BatchFinished', { batchId: failedBatch, state: 'failed', reason: 'gone' }, 2, googler),
  ]);

  // Codes: a dynamic code through every change, a static one, the leaver's code; the blocklist.
  const code = (qrId: string, userId: string, mode: 'static' | 'dynamic', shortCode: string | null, tenantId = 1) =>
    event<QrCreated>(
      'QrCreated',
      {
        qrId,
        userId,
        mode,
        qrType: 'url',
        shortCode,
        destination: 'https://example.com/menu',
        fields: { url: 'https://example.com/menu' },
        style: DEFAULT_STORED_STYLE,
        errorCorrectionLevel: 'M',
        logoFileName: null,
        logoFilePath: null,
      },
      tenantId,
      userId,
    );
  const dynamic = randomUUID();
  const paid = randomUUID();
  const leaversCode = randomUUID();
  const shortCode = `rb${randomBytes(3).toString('hex')}`;
  await append(`qr-${dynamic}`, [
    code(dynamic, owner, 'dynamic', shortCode),
    event('QrDestinationChanged', { qrId: dynamic, before: 'https://example.com/menu', after: 'https://example.com/new' }, 1, owner),
    event('QrStyleChanged', { qrId: dynamic, before: { fgColor: '#000000' }, after: { fgColor: '#112233' } }, 1, owner),
    event(
      'QrContentChanged',
      { qrId: dynamic, before: { url: 'https://example.com/new' }, after: { url: 'https://example.com/new2' } },
      1,
      owner,
    ),
    event('QrRenamed', { qrId: dynamic, before: null, after: 'Menu' }, 1, owner),
    event('QrTagsChanged', { qrId: dynamic, before: [], after: ['tables', 'Spring'] }, 1, owner),
    event('QrPaused', { qrId: dynamic }, 1, owner),
    event('QrResumed', { qrId: dynamic }, 1, owner),
    event(
      'QrRoutingChanged',
      {
        qrId: dynamic,
        before: null,
        after: { rules: [{ when: { country: ['DE'] }, destination: 'https://example.com/de' }], limits: { maxScans: 5 } },
      },
      1,
      owner,
    ),
    event('QrPasswordSet', { qrId: dynamic, passwordHash: 'argon2id$code' }, 1, owner),
    event('QrPasswordRemoved', { qrId: dynamic }, 1, owner),
    event('QrSuspended', { qrId: dynamic, reason: 'phishing report' }, 1, staff),
    event('QrSuspensionLifted', { qrId: dynamic }, 1, staff),
  ]);
  await append(`qr-${paid}`, [code(paid, owner, 'static', null)]);
  await append(`qr-${leaversCode}`, [
    code(leaversCode, leaver, 'dynamic', `${shortCode}x`),
    // Sealed with the leaver's code key: a rebuild after the account's deletion reads [] where the live row was emptied.
    event('QrTagsChanged', { qrId: leaversCode, before: [], after: ['Private party'] }, 1, leaver),
    event('QrDeleted', { qrId: leaversCode }, 1, leaver),
  ]);
  await append('blocked-domain-bad.example', [
    event('DomainBlocked', { domain: 'bad.example', reason: 'malware' }, 1, staff),
    event('DomainUnblocked', { domain: 'bad.example' }, 1, staff),
  ]);
  await append('blocked-domain-worse.example', [event('DomainBlocked', { domain: 'worse.example', reason: 'phishing' }, 1, staff)]);

  // Uploads, generator tracking, scans (a person and a bot), share links.
  const uploadId = randomUUID();
  await append(`upload-${uploadId}`, [
    event<FileUploaded>(
      'FileUploaded',
      {
        uploadId,
        userId: owner,
        kind: 'pdf',
        storedName: `${uploadId}.pdf`,
        originalName: 'menu.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1234,
        title: 'Menu',
        description: null,
      },
      1,
      owner,
    ),
  ]);
  const tracked = (qrCodeId: string | null, downloadType?: 'png' | 'svg'): QrTracked => ({
    qrCodeId,
    userId: qrCodeId ? owner : null,
    sessionId: 'session-1',
    qrType: 'url',
    qrContent: 'https://example.com/menu',
    foregroundColor: '#000000',
    backgroundColor: '#ffffff',
    hasLogo: false,
    referrer: null,
    userAgent: 'Mozilla/5.0',
    ipHash: sha256('visitor'),
    ...(downloadType ? { downloadType } : {}),
  });
  await append('tracking-1-session-1', [event('QrGenerated', tracked(null)), event('QrDownloaded', tracked(dynamic, 'svg'))]);
  const scan = (isBot: boolean, scannedAt: string) =>
    scannedEvent(
      {
        scanId: uuidv7(),
        qrId: dynamic,
        shortCode,
        scannedAt,
        visitorHash: sha256(`visitor-${isBot}`),
        device: isBot ? 'bot' : 'mobile',
        os: 'iOS',
        browser: 'Mobile Safari',
        referrer: null,
        country: 'NL',
        language: 'nl',
        isBot,
        botReason: isBot ? 'user-agent' : null,
      },
      1,
    );
  await append(`scans-${dynamic}`, [scan(false, ago(1)), scan(false, ago(0)), scan(true, ago(0))]);
  // Retention (issue 32 item 4): yesterday's visitors lose their hash (numbered instead); the mail ledger's cutoff too.
  await append(VISITOR_HASH_RETENTION_STREAM, [event<VisitorHashesExpired>(VISITOR_HASHES_EXPIRED, { before: ago(0).slice(0, 10) })]);
  await append(MAIL_RETENTION_STREAM, [event<MailRecipientsExpired>(MAIL_RECIPIENTS_EXPIRED, { before: ago(0).slice(0, 10) })]);
  const shareId = randomUUID();
  await append(`analytics-shares-${dynamic}`, [
    event<AnalyticsShareCreated>(
      'AnalyticsShareCreated',
      { shareId, qrId: dynamic, userId: owner, expiresAt: ago(-7).replace(/\.\d{3}Z$/, 'Z') },
      1,
      owner,
    ),
    event('AnalyticsShareRevoked', { shareId, qrId: dynamic }, 1, owner),
    event<AnalyticsShareCreated>(
      'AnalyticsShareCreated',
      { shareId: randomUUID(), qrId: dynamic, userId: owner, expiresAt: ago(-7).replace(/\.\d{3}Z$/, 'Z') },
      1,
      owner,
    ),
  ]);

  // Payments: a seller, a failed then a successful payment (an old one without the payer's address).
  await append(`seller-${owner}`, [
    event('SellerAccountCreated', { userId: owner, tenantId: 1, accountId: 'acct_1' }, 1, owner),
    event('SellerAccountUpdated', {
      userId: owner,
      accountId: 'acct_1',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    }),
  ]);
  const payment = { amount: 1500, currency: 'usd', productId: paid, qrId: paid, ownerId: owner, tenantId: 1 };
  await append('payment-pi_1', [
    event<PaymentFailed>('PaymentFailed', { paymentIntentId: 'pi_1', ...payment, message: 'card declined', failedAt: ago(1) }),
    event<PaymentSucceeded>('PaymentSucceeded', {
      paymentIntentId: 'pi_1',
      ...payment,
      productName: 'Menu',
      connectedAccountId: 'acct_1',
      applicationFeeAmount: 150,
      paidAt: ago(0),
    }),
  ]);

  // Newsletter: the old per-address streams of issue 22's time (a confirmation, an unsubscription, a signup again on
  // another tenant's site), then per-tenant lists.
  const legacy = (email: string) => `newsletter-${sha256(email)}`;
  const mover = 'mover@example.com';
  const moved = event('NewsletterSubscribed', { email: mover }, 1, 'anonymous');
  await append(legacy(mover), [
    moved,
    event('NewsletterSubscriptionConfirmed', { email: mover, subscriptionId: moved.id }, 1, 'anonymous'),
    event('NewsletterUnsubscribed', { email: mover, via: 'page' }, 1, 'anonymous'),
    event('NewsletterSubscribed', { email: mover }, 2, 'anonymous'),
  ]);
  const perTenant = (tenantId: number, email: string) => `newsletter-${tenantId}-${sha256(email)}`;
  const fan = event('NewsletterSubscribed', { email: 'fan@example.com' }, 2, 'anonymous');
  await append(perTenant(2, 'fan@example.com'), [
    fan,
    event('NewsletterSubscriptionConfirmed', { email: 'fan@example.com', subscriptionId: fan.id }, 2, 'anonymous'),
  ]);
  await append(perTenant(1, 'fan@example.com'), [
    event('NewsletterSubscribed', { email: 'fan@example.com' }, 1, 'anonymous'),
    event('NewsletterUnsubscribed', { email: 'fan@example.com', via: 'one-click' }, 1, 'anonymous'),
  ]);
  await append(perTenant(1, mover), [event('NewsletterSubscribed', { email: mover }, 1, 'anonymous')]);
  const leaving = event('NewsletterSubscribed', { email: 'leaver@example.com' }, 1, 'anonymous');
  await append(perTenant(1, 'leaver@example.com'), [
    leaving,
    event('NewsletterSubscriptionConfirmed', { email: 'leaver@example.com', subscriptionId: leaving.id }, 1, 'anonymous'),
  ]);

  // Campaigns and notification preferences.
  const campaignId = randomUUID();
  await append(`campaign-${campaignId}`, [
    event<CampaignStarted>(
      'CampaignStarted',
      {
        campaignId,
        kind: 'newsletter',
        subject: 'Shark Tips',
        content: 'Hello',
        stats: null,
        recipientCount: 1,
        audienceCount: 1,
        startedBy: staff,
        idempotencyKey: null,
      },
      1,
      staff,
    ),
  ]);
  await append(`notification-preferences-${owner}`, [
    event('NotificationPreferencesChanged', { userId: owner, scanNotifications: false, pauseNotifications: true }, 1, owner),
  ]);

  // Account deletion last: what it ends (codes, uploads, share links, payments' seller) must rebuild the same too.
  await append(`user-${leaver}`, [event('UserDeleted', { userId: leaver }, 1, leaver)]);
  // ... and, as the deletion does, the erasure of its address's keys on the tenant (its newsletter subscription's).
  const erased = emailSubject((kind, address) => keys.hash(kind, address), 1, 'leaver@example.com');
  await append(erasureStream(erased), [
    event<PersonalDataErased>(PERSONAL_DATA_ERASED, { subject: erased, reason: 'account-deleted' }, 1, leaver),
  ]);
  await keys.erase(erased);
  return last!;
}
