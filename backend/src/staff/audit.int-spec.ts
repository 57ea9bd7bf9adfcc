import { DataSource } from 'typeorm';
import { postMultipart } from '../codes/codes.test-kit';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { grantRole, signUp } from '../test-support/users';
import { AuditProjection } from './audit.projection';
import { auditEventAnswer, auditRowAnswer } from './staff.answers';

/**
 * The audit projection: a scripted set of changes through HTTP gives exactly these rows (who, what as a sentence, the
 * diff), traffic gives none, secrets never appear, and `projections rebuild audit` (the same rebuildProjection the CLI
 * runs) writes identical rows into audit_events, staff_users and staff_codes.
 */
describe('audit projection: the changes people make, as sentences, rebuilt identically', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function settled(): Promise<void> {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit', 'scan_targets']);
  }

  const snapshot = async () => {
    const db = app.app.get(DataSource);
    return {
      events: (await db.query('SELECT * FROM audit_events ORDER BY position, prepare')) as Record<string, unknown>[],
      users: (await db.query('SELECT * FROM staff_users ORDER BY id')) as unknown[],
      codes: (await db.query('SELECT * FROM staff_codes ORDER BY id')) as unknown[],
    };
  };

  it('a scripted set of changes: one row each, newest first, with actor emails and diffs; scans and tracking none', async () => {
    const admin = new TestClient(app.url);
    const boss = await signUp(admin, 'audit-boss@example.com');
    await grantRole(app, boss.id, 'admin');
    const owner = new TestClient(app.url);
    const user = await signUp(owner, 'cafe@example.com', 'first-password-1');

    expect((await owner.put('/api/update-name', { firstName: 'Ana', lastName: 'Lima' })).status).toBe(200);
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', {
      qrType: 'url',
      destination: 'https://a.example/',
      qrData: JSON.stringify({ url: 'https://a.example/' }),
    });
    expect(created.status).toBe(201);
    const qrId = created.body.id as string;
    const shortCode = created.body.shortCode as string;
    const put = (body: Record<string, unknown>) => owner.put(`/api/dynamic-qrcodes/${qrId}`, body);
    expect((await put({ name: 'Menu QR' })).status).toBe(200);
    expect((await put({ destination: 'https://b.example/' })).status).toBe(200);
    expect((await owner.post(`/api/dynamic-qrcodes/${qrId}/pause`)).status).toBe(200);
    expect((await owner.post(`/api/dynamic-qrcodes/${qrId}/resume`)).status).toBe(200);
    expect((await owner.put(`/api/dynamic-qrcodes/${qrId}/password`, { password: 'secret-door-7' })).status).toBe(200);
    expect((await owner.delete(`/api/dynamic-qrcodes/${qrId}/password`)).status).toBe(200);
    // Traffic is not a change: a scan and a generation are recorded elsewhere and never reach the log.
    await settled();
    expect((await new TestClient(app.url).get(`/d/${shortCode}`)).status).toBe(302);
    await owner.post('/api/track-generation', { qrCodeId: qrId, qrData: 'x', qrType: 'url', sessionId: 'anon_1' });
    expect((await admin.post(`/api/admin/codes/${qrId}/suspension`, { reason: 'Phishing' })).status).toBe(201);
    expect((await admin.delete(`/api/admin/codes/${qrId}/suspension`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/roles/support`)).status).toBe(201);
    expect((await admin.delete(`/api/admin/users/${user.id}/roles/support`)).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${user.id}/disable`, { reason: 'Spam' })).status).toBe(201);
    expect((await admin.post(`/api/admin/users/${user.id}/enable`)).status).toBe(201);
    expect((await admin.post('/api/admin/blocked-domains', { domain: 'evil.example', reason: 'Malware' })).status).toBe(201);
    expect((await admin.delete('/api/admin/blocked-domains/evil.example')).status).toBe(200);
    const again = new TestClient(app.url);
    expect((await again.post('/api/login', { username: user.email, password: 'first-password-1' })).status).toBe(200);
    expect(
      (
        await again.post('/api/change-password', {
          currentPassword: 'first-password-1',
          newPassword: 'second-password-2',
          confirmPassword: 'second-password-2',
        })
      ).status,
    ).toBe(200);
    expect((await again.delete(`/api/dynamic-qrcodes/${qrId}`)).status).toBe(200);
    await settled();

    const timeline = await admin.get(`/api/admin/events?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ userId: user.id }))}`);
    const lines = (timeline.body as { actorEmail: string; summary: string }[]).map((row) => `${row.actorEmail} ${row.summary}`).reverse();
    expect(lines).toEqual([
      'cafe@example.com registered the account cafe@example.com',
      'cafe@example.com changed the name of cafe@example.com from (none) to Ana Lima',
      'cafe@example.com created the dynamic Website URL code a.example',
      'cafe@example.com renamed a.example to Menu QR',
      'cafe@example.com changed the destination of Menu QR from https://a.example/ to https://b.example/',
      'cafe@example.com paused Menu QR',
      'cafe@example.com resumed Menu QR',
      'cafe@example.com set a password on Menu QR',
      'cafe@example.com removed the password of Menu QR',
      'audit-boss@example.com suspended Menu QR: Phishing',
      'audit-boss@example.com lifted the suspension of Menu QR',
      'audit-boss@example.com granted the support role to cafe@example.com',
      'audit-boss@example.com revoked the support role of cafe@example.com',
      'audit-boss@example.com disabled the account cafe@example.com: Spam',
      'audit-boss@example.com re-enabled the account cafe@example.com',
      'cafe@example.com changed the password of cafe@example.com',
      'cafe@example.com deleted Menu QR',
    ]);
    const blocklist = await admin.get(
      `/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ type: ['DomainBlocked', 'DomainUnblocked'] }))}`,
    );
    expect(blocklist.body.map((row: { summary: string }) => row.summary)).toEqual([
      'unblocked the destination domain evil.example',
      'blocked the destination domain evil.example: Malware',
    ]);
    // The rows are SQL rows: the documented answers (staff.answers.ts, the frontend's generated types) must fit them.
    for (const row of [...timeline.body, ...blocklist.body]) {
      expect(auditRowAnswer.parse(row)).toEqual(row);
      const full = (await admin.get(`/api/admin/events/${row.id as string}`)).body;
      expect(auditEventAnswer.parse(full)).toEqual(full);
    }

    const all = await snapshot();
    const types = new Set(all.events.map((row) => row.type));
    for (const traffic of ['Scanned', 'QrGenerated', 'QrDownloaded', 'KeyReserved', 'ShortCodeReserved', 'DynamicQrSlotTaken']) {
      expect(types.has(traffic)).toBe(false);
    }
    // The password hashes are in the events; the log shows that a password changed, never the hash.
    expect(JSON.stringify(all.events)).not.toMatch(/argon2/);
    const destination = all.events.find((row) => row.type === 'QrDestinationChanged') as { changes: unknown; client_id: number };
    expect(destination.changes).toEqual([{ field: 'destination', before: 'https://a.example/', after: 'https://b.example/' }]);
    expect(destination.client_id).toBe(1);
    expect(all.codes).toEqual([expect.objectContaining({ id: qrId, label: 'Menu QR', is_deleted: true, owner_email: 'cafe@example.com' })]);
    expect(all.users).toContainEqual(expect.objectContaining({ id: user.id, code_count: 0, is_disabled: false, first_name: 'Ana' }));

    // npm run projections -- rebuild audit: the same rebuild, the same rows.
    // Spoil the live tables first: only a real replay brings the rows back.
    const db = app.app.get(DataSource);
    await db.query("DELETE FROM audit_events WHERE type = 'QrPaused'");
    await db.query("UPDATE staff_codes SET label = 'spoiled'");
    expect(await snapshot()).not.toEqual(all);
    const searchIndexes = () =>
      db.query(
        "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname LIKE 'idx\\_%\\_q' ORDER BY 1",
      ) as Promise<{ tablename: string; indexname: string; indexdef: string }[]>;
    const before = await searchIndexes();
    expect(before.map((index) => index.indexname)).toEqual(['idx_audit_events_q', 'idx_staff_codes_q', 'idx_staff_users_q']);
    await rebuildProjection(app.app.get(AuditProjection), app.app.get<EventStore>(EVENT_STORE), db);
    expect(await snapshot()).toEqual(all);
    // The console's search indexes (trigram GIN, one over an expression) come back under their names with the tables.
    expect(await searchIndexes()).toEqual(before);
  });
});
