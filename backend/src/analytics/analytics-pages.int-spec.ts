import { DataSource } from 'typeorm';
import { ProjectionsService } from '../projections/projections.service';
import { rebuildProjection } from '../projections/rebuild';
import type { Scanned } from '../scans';
import { createCodeByEvents, scannedEvent, uuidv7 } from '../scans/scan-fixtures';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { lastEventPosition } from '../test-support/last-event';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { AnalyticsProjection } from './analytics.projection';
import { SHARE_LINK_EXPIRED, SHARE_LINK_INVALID, SHARE_LINK_REVOKED } from './share-links';
import { ShareLinksService } from './share-links.service';

/** Issue 17: the per-code page's filters and comparison, the CSV of a filter, share links, and rebuild honesty over all of it. */
describe('analytics pages: filters, previous period, share links, rebuild', () => {
  let app: TestApp;
  let owner: TestClient;
  let userId: string;
  beforeAll(async () => {
    app = await startTestApp();
    owner = new TestClient(app.url);
    userId = (await signUp(owner)).id;
  });
  afterAll(() => app.close());

  async function settle() {
    const head = await lastEventPosition(app.app.get(DataSource));
    expect(await app.app.get(ProjectionsService).waitFor(head!, ['analytics'], 10_000)).toBe(true);
  }

  type ScanSpec = Partial<Scanned> & { day: string };
  async function scans(code: { qrId: string; shortCode: string }, specs: ScanSpec[]) {
    const store = testEvents(app.app).store;
    await store.appendMany(
      specs.map(({ day, ...spec }, i) => {
        const data: Scanned = {
          scanId: uuidv7(),
          qrId: code.qrId,
          shortCode: code.shortCode,
          scannedAt: `${day}T${String(8 + (i % 10)).padStart(2, '0')}:15:00.000Z`,
          visitorHash: `visitor-${i}`,
          device: 'mobile',
          os: 'iOS',
          browser: 'Mobile Safari',
          referrer: null,
          country: 'DE',
          language: 'de',
          isBot: false,
          botReason: null,
          ...spec,
        };
        return { streamId: `scans-${code.qrId}`, events: [scannedEvent(data, 1)], expectedRevision: 'any' as const };
      }),
    );
  }

  it('filters every figure and breakdown, compares with the previous period, and the CSV holds the filtered period', async () => {
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/filters' });
    await scans(code, [
      // The period 2026-03-01..07: DE 3 scans by 2 visitors (one on Instagram), FR 2, a bot and a WhatsApp preview.
      { day: '2026-03-01', visitorHash: 'a' },
      { day: '2026-03-01', visitorHash: 'a', referrer: 'https://www.instagram.com/p/1' },
      { day: '2026-03-02', visitorHash: 'b', device: 'desktop', os: 'Windows', browser: 'Chrome' },
      { day: '2026-03-03', visitorHash: 'c', country: 'FR' },
      { day: '2026-03-07', visitorHash: 'd', country: 'FR', device: 'tablet' },
      { day: '2026-03-04', visitorHash: 'bot', isBot: true, botReason: 'user-agent', browser: 'unknown' },
      { day: '2026-03-04', visitorHash: 'wa', isBot: true, botReason: 'user-agent', browser: 'WhatsApp' },
      // The previous period 2026-02-22..28: DE 1, FR 1.
      { day: '2026-02-22', visitorHash: 'p' },
      { day: '2026-02-28', visitorHash: 'q', country: 'FR' },
      // Outside both: never counted.
      { day: '2026-02-21', visitorHash: 'old' },
      { day: '2026-03-08', visitorHash: 'new' },
    ]);
    await settle();
    const base = `/api/dynamic-qrcodes/${code.qrId}/analytics?from=2026-03-01&to=2026-03-07`;

    const all = await owner.get(base);
    expect(all.status).toBe(200);
    expect(all.body.totals).toEqual({ scans: 5, uniqueVisitors: 4, bots: 2, previews: 1, generations: 0, downloads: 0 });
    expect(all.body.previous).toEqual({
      from: '2026-02-22',
      to: '2026-02-28',
      totals: { scans: 2, uniqueVisitors: 2, bots: 0, previews: 0, generations: 0, downloads: 0 },
    });
    expect(all.body.change).toMatchObject({ scans: 150, uniqueVisitors: 100, bots: null });
    expect(all.body.daily).toHaveLength(7);
    expect(all.body.daily[3]).toMatchObject({ date: '2026-03-04', scans: 0, bots: 2, previews: 1 });
    expect(all.body.breakdowns.country).toEqual([
      { value: 'DE', count: 3 },
      { value: 'FR', count: 2 },
    ]);

    const germany = await owner.get(`${base}&country=DE`);
    expect(germany.status).toBe(200);
    expect(germany.body.filters).toEqual({ country: 'DE' });
    expect(germany.body.totals).toMatchObject({ scans: 3, uniqueVisitors: 2 });
    expect(germany.body.daily.slice(0, 3).map((day: { scans: number }) => day.scans)).toEqual([2, 1, 0]);
    expect(germany.body.breakdowns.country).toEqual([{ value: 'DE', count: 3 }]);
    expect(germany.body.breakdowns.device).toEqual([
      { value: 'mobile', count: 2 },
      { value: 'desktop', count: 1 },
    ]);
    expect(germany.body.breakdowns.referrer).toEqual([
      { value: '(direct)', count: 2 },
      { value: 'www.instagram.com', count: 1 },
    ]);
    expect(germany.body.previous.totals).toMatchObject({ scans: 1, uniqueVisitors: 1 });
    expect(germany.body.change.scans).toBe(200);

    // Two filters at once, and bots counted in: the WhatsApp preview is DE mobile too.
    const both = await owner.get(`${base}&country=DE&device=mobile&bots=true`);
    expect(both.body.totals).toMatchObject({ scans: 4, bots: 2, previews: 1 });
    expect(both.body.breakdowns.browser).toEqual([
      { value: 'Mobile Safari', count: 2 },
      { value: 'WhatsApp', count: 1 },
      { value: 'unknown', count: 1 },
    ]);
    expect((await owner.get(`${base}&referrer=nowhere.example`)).body.totals.scans).toBe(0);

    const csv = await owner.get(`/api/dynamic-qrcodes/${code.qrId}/analytics.csv?from=2026-03-01&to=2026-03-07&country=FR`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split('\r\n');
    expect(lines.filter((line) => line.startsWith('daily,'))).toHaveLength(7);
    expect(lines).toContain('daily,2026-03-03,,1,1,0,0,0,0');
    expect(lines).toContain('country,2026-03-01..2026-03-07,FR,2,,,,,');
    expect(lines.some((line) => line.startsWith('country,') && line.includes(',DE,'))).toBe(false);
    expect(lines).toContain('filter,,country=FR,,,,,,');

    const tooLong = await owner.get(`${base}&country=${'x'.repeat(300)}`);
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, { country: 'country must be at most 255 characters' }]);
    expect((await owner.get(`${base}&os=%01`)).status).toBe(400);
  });

  it('share links: events, open signed out for that code only, refused when revoked, expired or forged', async () => {
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/shared' });
    const other = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/private' });
    await scans(code, [{ day: '2026-03-02', visitorHash: 'x' }]);
    await settle();

    const created = await owner.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, { expiresInDays: 7 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ qrId: code.qrId, status: 'active', revokedAt: null });
    expect(created.body.path).toBe(`/share/${created.body.token}`);
    const days = (Date.parse(created.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const anonymous = new TestClient(app.url);
    const opened = await anonymous.get(`/api/shared-analytics/${created.body.token}?from=2026-03-01&to=2026-03-07`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ qrId: code.qrId, totals: { scans: 1 }, expiresAt: created.body.expiresAt });
    expect((await anonymous.get(`/api/shared-analytics/${created.body.token}?country=DE&from=2026-03-01`)).body.totals.scans).toBe(1);
    // The token opens that code only: the owner's other codes and lists stay closed to the anonymous visitor.
    expect((await anonymous.get(`/api/dynamic-qrcodes/${other.qrId}/analytics`)).status).toBe(401);
    expect((await anonymous.get(`/api/dynamic-qrcodes/${code.qrId}/share-links`)).status).toBe(401);

    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await stranger.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, {})).status).toBe(404);
    expect((await stranger.get(`/api/dynamic-qrcodes/${code.qrId}/share-links`)).status).toBe(404);
    expect((await stranger.delete(`/api/dynamic-qrcodes/${code.qrId}/share-links/${created.body.id}`)).status).toBe(404);
    const bad = await owner.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, { expiresInDays: 0 });
    expect([bad.status, bad.body.errors]).toEqual([400, { expiresInDays: 'expiresInDays must be a whole number of days from 1 to 365' }]);
    expect((await owner.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, { expiresInDays: 'soon' })).status).toBe(400);

    // Forged: another signature, or the body of a real token with a changed expiry.
    const [body] = created.body.token.split('.');
    for (const token of [
      `${body}.AAAA`,
      'nonsense',
      `${Buffer.from('["x","y"]').toString('base64url')}.${created.body.token.split('.')[1]}`,
    ]) {
      const res = await anonymous.get(`/api/shared-analytics/${token}`);
      expect([res.status, res.body.message]).toEqual([404, SHARE_LINK_INVALID]);
    }

    const list = await owner.get(`/api/dynamic-qrcodes/${code.qrId}/share-links`);
    expect(list.body.map((link: { id: string }) => link.id)).toEqual([created.body.id]);

    const revoked = await owner.delete(`/api/dynamic-qrcodes/${code.qrId}/share-links/${created.body.id}`);
    expect(revoked.status).toBe(204);
    const after = await anonymous.get(`/api/shared-analytics/${created.body.token}`);
    expect([after.status, after.body.message]).toEqual([404, SHARE_LINK_REVOKED]);
    expect((await owner.get(`/api/dynamic-qrcodes/${code.qrId}/share-links`)).body[0]).toMatchObject({ status: 'revoked' });
    // Revoking again changes nothing and records nothing.
    expect((await owner.delete(`/api/dynamic-qrcodes/${code.qrId}/share-links/${created.body.id}`)).status).toBe(204);
    const events = await testEvents(app.app).store.readStream(`analytics-shares-${code.qrId}`);
    expect(events.map((event) => event.type)).toEqual(['AnalyticsShareCreated', 'AnalyticsShareRevoked']);
    expect(events[0].metadata.actorId).toBe(userId);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(created.body.token.split('.')[1]);

    // Expired: a link whose expiry has passed (written as the event a link made long ago would be).
    const writer = testEvents(app.app);
    const shareId = '0193a0c0-0000-7000-8000-000000000001';
    const expiresAt = '2026-01-01T00:00:00.000Z';
    await writer.append(
      `analytics-shares-${code.qrId}`,
      [writer.event('AnalyticsShareCreated', { shareId, qrId: code.qrId, userId, expiresAt }, { tenantId: 1, actorId: userId })],
      'any',
    );
    await settle();
    const oldToken = app.app.get(ShareLinksService).token(shareId, expiresAt);
    const expired = await anonymous.get(`/api/shared-analytics/${oldToken}`);
    expect([expired.status, expired.body.message]).toEqual([404, SHARE_LINK_EXPIRED]);
  });

  // Issue 27 item 6: a deleted account's share links used to keep answering 200 with the code's analytics and destination.
  it('deleting the account revokes every share link it made (UserDeleted), and a rebuild keeps them revoked', async () => {
    const leaving = new TestClient(app.url);
    const leaverId = (await signUp(leaving)).id;
    const first = await createCodeByEvents(app.app, { userId: leaverId, destination: 'https://example.com/leaving-1' });
    const second = await createCodeByEvents(app.app, { userId: leaverId, destination: 'https://example.com/leaving-2' });
    const share = async (qrId: string, days: number) => {
      const res = await leaving.post(`/api/dynamic-qrcodes/${qrId}/share-links`, { expiresInDays: days });
      expect(res.status).toBe(201);
      return res.body as { id: string; token: string };
    };
    const links = [await share(first.qrId, 7), await share(first.qrId, 30), await share(second.qrId, 1)];
    const revokedBefore = await share(second.qrId, 7);
    expect((await leaving.delete(`/api/dynamic-qrcodes/${second.qrId}/share-links/${revokedBefore.id}`)).status).toBe(204);
    // Someone else's link on their own code is not touched.
    const kept = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/kept' });
    const keptLink = (await owner.post(`/api/dynamic-qrcodes/${kept.qrId}/share-links`, {})).body as { token: string };

    const anonymous = new TestClient(app.url);
    const answers = async () =>
      Promise.all(
        [...links, revokedBefore, keptLink].map(async ({ token }) => {
          const res = await anonymous.get(`/api/shared-analytics/${token}`);
          return [res.status, res.status === 200 ? null : res.body.message];
        }),
      );
    expect(await answers()).toEqual([
      [200, null],
      [200, null],
      [200, null],
      [404, SHARE_LINK_REVOKED],
      [200, null],
    ]);
    const revokedAt = async () =>
      (await app.app
        .get(DataSource)
        .query('SELECT share_id, revoked_at FROM analytics_share_links WHERE user_id = $1 ORDER BY share_id', [leaverId])) as {
        share_id: string;
        revoked_at: Date | null;
      }[];
    const revokedEarlier = (await revokedAt()).find((row) => row.share_id === revokedBefore.id)!.revoked_at;

    expect((await leaving.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    await settle();
    const gone = [
      [404, SHARE_LINK_REVOKED],
      [404, SHARE_LINK_REVOKED],
      [404, SHARE_LINK_REVOKED],
      [404, SHARE_LINK_REVOKED],
      [200, null],
    ];
    expect(await answers()).toEqual(gone);
    const rows = await revokedAt();
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
    // A link revoked before keeps the moment it was revoked; the others take the deletion's.
    expect(rows.find((row) => row.share_id === revokedBefore.id)!.revoked_at).toEqual(revokedEarlier);

    await rebuildProjection(app.app.get(AnalyticsProjection), testEvents(app.app).store, app.app.get(DataSource));
    expect(await answers()).toEqual(gone);
    expect(await revokedAt()).toEqual(rows);
  });

  it('rebuild honesty: every answer of the analytics screens is the same after rebuilding the projection', async () => {
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/rebuild' });
    await scans(code, [
      { day: '2026-03-01', visitorHash: 'a' },
      { day: '2026-03-01', visitorHash: 'a', country: 'US' },
      { day: '2026-03-02', visitorHash: 'b', referrer: 'https://t.co/x' },
      { day: '2026-03-03', visitorHash: 'p', isBot: true, botReason: 'head-request' },
      { day: '2026-02-25', visitorHash: 'c', os: 'Android', browser: 'Chrome Mobile' },
    ]);
    const link = (await owner.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, {})).body as { id: string; token: string };
    const gone = (await owner.post(`/api/dynamic-qrcodes/${code.qrId}/share-links`, { expiresInDays: 2 })).body as {
      id: string;
      token: string;
    };
    expect((await owner.delete(`/api/dynamic-qrcodes/${code.qrId}/share-links/${gone.id}`)).status).toBe(204);
    await settle();

    const period = 'from=2026-02-24&to=2026-03-05';
    const paths = [
      '/api/user-analytics',
      `/api/dynamic-qrcodes/${code.qrId}/analytics?${period}`,
      `/api/dynamic-qrcodes/${code.qrId}/analytics?${period}&bots=true`,
      `/api/dynamic-qrcodes/${code.qrId}/analytics?${period}&country=DE`,
      `/api/dynamic-qrcodes/${code.qrId}/analytics?${period}&referrer=t.co&device=mobile`,
      `/api/dynamic-qrcodes/${code.qrId}/analytics.csv?${period}&os=iOS`,
      `/api/dynamic-qrcodes/${code.qrId}/share-links`,
    ];
    const anonymous = new TestClient(app.url);
    const snapshot = async () => {
      const answers: Record<string, unknown> = {};
      for (const path of paths) {
        const res = await owner.get(path);
        expect([path, res.status]).toEqual([path, 200]);
        answers[path] = path.includes('.csv') ? res.text : res.body;
      }
      for (const token of [link.token, gone.token]) {
        const res = await anonymous.get(`/api/shared-analytics/${token}?${period}&country=DE`);
        answers[token] = [res.status, res.body];
      }
      return answers;
    };
    const live = await snapshot();
    expect((live[link.token] as [number])[0]).toBe(200);
    expect((live[gone.token] as [number])[0]).toBe(404);
    await rebuildProjection(app.app.get(AnalyticsProjection), testEvents(app.app).store, app.app.get(DataSource));
    expect(await snapshot()).toEqual(live);
  });
});
