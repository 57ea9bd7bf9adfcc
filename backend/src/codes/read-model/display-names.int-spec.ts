import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { ProjectionsService } from '../../projections/projections.service';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';

const PASSWORD = 'hunter2-office-secret';
const WIFI = { ssid: 'Office-5G', password: PASSWORD, encryption: 'WPA', hidden: false };
const VCARD = { firstName: 'Sandy', lastName: 'Shark', phoneNumber: '+15550100', email: 'sandy@example.com', notes: 'private note 42' };
/** What must never be a name: the password, the raw payloads, a private field. */
const NEVER = [PASSWORD, 'WIFI:', 'BEGIN:VCARD', 'private note 42'];

/**
 * Issue 30 item 1: one display name per code, the same in every answer that names it (the dashboard's list, the
 * analytics top lists, the staff console's codes and its audit sentences), and never a password or a payload.
 */
describe('code display names: one per code, no secret in any answer that names a code', () => {
  let app: TestApp;
  let owner: TestClient;
  let staff: TestClient;
  let ownerId: string;
  const ids: Record<'wifi' | 'vcard' | 'dynamicVcard' | 'named', string> = { wifi: '', vcard: '', dynamicVcard: '', named: '' };

  const settled = async () => {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit', 'analytics', 'codes']);
  };
  const filter = (value: Record<string, unknown>) =>
    `?filter=${encodeURIComponent(JSON.stringify(value))}&range=${encodeURIComponent('[0,99]')}`;

  beforeAll(async () => {
    app = await startTestApp();
    owner = new TestClient(app.url);
    ownerId = (await signUp(owner, 'names-owner@example.com')).id;
    staff = new TestClient(app.url);
    const staffUser = await signUp(staff, 'names-support@example.com');
    await grantRole(app, staffUser.id, 'support');
    const made = {
      wifi: await postMultipart(owner, '/api/qrcodes', { qrType: 'wifi', qrData: JSON.stringify(WIFI) }),
      vcard: await postMultipart(owner, '/api/qrcodes', { qrType: 'contact', qrData: JSON.stringify(VCARD) }),
      dynamicVcard: await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'contact', qrData: JSON.stringify(VCARD) }),
      named: await postMultipart(owner, '/api/qrcodes', { qrType: 'wifi', codeName: '  Guest network ', qrData: JSON.stringify(WIFI) }),
    };
    for (const [key, res] of Object.entries(made)) {
      if (res.status !== 201) throw new Error(`setup ${key} failed: ${res.status} ${res.text}`);
      ids[key as keyof typeof ids] = res.body.id as string;
    }
    await settled();
  });
  afterAll(() => app.close());

  const expected = () => ({
    [ids.wifi]: 'Office-5G',
    [ids.vcard]: 'Sandy Shark',
    [ids.dynamicVcard]: 'Sandy Shark',
    [ids.named]: 'Guest network',
  });

  it('the dashboard list answers each code with its display name: typed, else from its content', async () => {
    const res = await owner.get(`/api/dashboard/codes?range=${encodeURIComponent('[0,99]')}`);
    expect(res.status).toBe(200);
    const names = Object.fromEntries((res.body as { id: string; displayName: string }[]).map((row) => [row.id, row.displayName]));
    expect(names).toEqual(expected());
    // The Wi-Fi code still encodes its password (that is what the printed code is for): only its name hides it.
    expect((res.body as { id: string; content: string }[]).find((row) => row.id === ids.wifi)?.content).toContain(PASSWORD);
  });

  it('the analytics overview names codes the same way, and no name holds a secret', async () => {
    const res = await owner.get('/api/user-analytics');
    expect(res.status).toBe(200);
    const top = res.body.topPerformingQrCodes as { id: string; name: string }[];
    // The top list holds three codes: each named as everywhere else.
    expect(top).toHaveLength(3);
    for (const code of top) expect(code.name).toBe(expected()[code.id]);
    expect((res.body.dynamicQrPerformance as { id: string; name: string }[]).map((code) => code.name)).toEqual(['Sandy Shark']);
    for (const secret of NEVER) expect(JSON.stringify(res.body)).not.toContain(secret);
    // Each code's own analytics page (static codes have one too) is titled by the same name.
    for (const [id, name] of Object.entries(expected())) {
      const page = await owner.get(`/api/dynamic-qrcodes/${id}/analytics`);
      expect(page.status).toBe(200);
      expect(page.body.name).toBe(name);
    }
  });

  it('the staff console lists the codes by the same names and its audit sentences use them; no secret anywhere', async () => {
    const codes = await staff.get('/api/admin/codes' + filter({ userId: ownerId }));
    expect(codes.status).toBe(200);
    expect(Object.fromEntries((codes.body as { id: string; label: string }[]).map((code) => [code.id, code.label]))).toEqual(expected());
    const events = await staff.get('/api/admin/events' + filter({ userId: ownerId }));
    expect(events.status).toBe(200);
    const summaries = (events.body as { type: string; summary: string }[]).filter((e) => e.type === 'QrCreated').map((e) => e.summary);
    expect(summaries.sort()).toEqual([
      'created the dynamic Contact code Sandy Shark',
      'created the static Contact code Sandy Shark',
      'created the static Wi-Fi code Office-5G',
      'created the static Wi-Fi code Office-5G',
    ]);
    const renamed = (events.body as { type: string; summary: string }[]).find((e) => e.type === 'QrRenamed');
    expect(renamed?.summary).toBe('renamed Office-5G to Guest network');
    const csv = await staff.get('/api/admin/events.csv' + filter({ userId: ownerId }));
    for (const body of [JSON.stringify(codes.body), JSON.stringify(events.body), csv.text]) {
      for (const secret of [PASSWORD, 'WIFI:', 'BEGIN:VCARD']) expect(body).not.toContain(secret);
    }
  });
});
