import { randomUUID } from 'node:crypto';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { createTenants } from '../../test-support/tenants';
import { signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';

/** Issue 35: POST /api/dashboard/codes/bulk: one action on many codes, one result per id, one failure stops nothing. */
describe('bulk actions on codes', () => {
  let app: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let foreignTenant: TestClient;
  const mine: string[] = [];
  let staticId: string;
  let othersId: string;
  let foreignTenantId: string;

  const bulk = (body: Record<string, unknown>, client = owner) => client.post('/api/dashboard/codes/bulk', body);
  const code = async (id: string, client = owner) =>
    (await client.get(`/api/dashboard/codes/${id}`)).body as { isPaused: boolean; tags: string[] };
  const history = async (id: string) => ((await owner.get(`/api/qrcodes/${id}/history`)).body as { type: string }[]).map((e) => e.type);
  const dynamic = async (client: TestClient, n: number) => {
    const res = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: `https://bulk.example/${n}` });
    if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
    return res.body.id as string;
  };

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    await createTenants(app.app, [{ clientId: 2 }]);
    owner = new TestClient(app.url);
    await signUp(owner);
    other = new TestClient(app.url);
    await signUp(other);
    foreignTenant = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    await signUp(foreignTenant);
    for (let n = 0; n < 3; n++) mine.push(await dynamic(owner, n));
    staticId = (await postMultipart(owner, '/api/qrcodes', { qrType: 'text', qrData: JSON.stringify({ text: 'hi' }) })).body.id;
    othersId = await dynamic(other, 9);
    foreignTenantId = await dynamic(foreignTenant, 8);
  });
  afterAll(() => app.close());

  it("pauses every code asked, reports per id; another's code, another tenant's and an unknown id fail alone, untouched", async () => {
    const unknown = randomUUID();
    const res = await bulk({ ids: [mine[0], othersId, mine[1], foreignTenantId, unknown, 'not-an-id', mine[2], mine[0]], action: 'pause' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      results: [
        { id: mine[0], ok: true },
        { id: othersId, ok: false, error: 'QR code not found' },
        { id: mine[1], ok: true },
        { id: foreignTenantId, ok: false, error: 'QR code not found' },
        { id: unknown, ok: false, error: 'QR code not found' },
        { id: 'not-an-id', ok: false, error: 'QR code not found' },
        { id: mine[2], ok: true },
      ],
    });
    // The list asked next already shows them paused (the projection was waited for once).
    for (const id of mine) expect((await code(id)).isPaused).toBe(true);
    for (const id of mine) expect(await history(id)).toEqual(['QrCreated', 'QrPaused']);
    expect((await code(othersId, other)).isPaused).toBe(false);
    expect((await code(foreignTenantId, foreignTenant)).isPaused).toBe(false);
    // Pausing again is fine and records nothing; a static code cannot be paused, and says why.
    const again = await bulk({ ids: [mine[0], staticId], action: 'pause' });
    expect(again.body.results).toEqual([
      { id: mine[0], ok: true },
      { id: staticId, ok: false, error: 'Only dynamic QR codes can do this' },
    ]);
    expect(await history(mine[0])).toEqual(['QrCreated', 'QrPaused']);
    const paused = await owner.get(`/api/dashboard/codes?filter=${encodeURIComponent('{"paused":true}')}`);
    expect(paused.headers['content-range']).toBe('codes 0-2/3');
    expect((await bulk({ ids: mine, action: 'resume' })).body.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    for (const id of mine) expect((await code(id)).isPaused).toBe(false);
  });

  it('tags and untags each code (one QrTagsChanged each); a code at 20 tags fails alone', async () => {
    const full = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await owner.put(`/api/dashboard/codes/${mine[2]}/tags`, { tags: full })).status).toBe(200);
    const tagged = await bulk({ ids: [mine[0], mine[1], mine[2], staticId], action: 'tag', tag: ' Tables ' });
    expect(tagged.body.results).toEqual([
      { id: mine[0], ok: true },
      { id: mine[1], ok: true },
      { id: mine[2], ok: false, error: 'A code can have at most 20 tags' },
      { id: staticId, ok: true },
    ]);
    expect((await code(staticId)).tags).toEqual(['Tables']);
    const filtered = await owner.get(`/api/dashboard/codes?filter=${encodeURIComponent('{"tag":"tables"}')}`);
    expect(filtered.headers['content-range']).toBe('codes 0-2/3');
    const untagged = await bulk({ ids: [mine[0], staticId], action: 'untag', tag: 'TABLES' });
    expect(untagged.body.results).toEqual([
      { id: mine[0], ok: true },
      { id: staticId, ok: true },
    ]);
    expect((await code(mine[0])).tags).toEqual([]);
    expect((await history(mine[0])).filter((type) => type === 'QrTagsChanged')).toHaveLength(2);
  });

  it('deletes each code (a dynamic one frees its slot), leaving the others', async () => {
    const res = await bulk({ ids: [mine[1], othersId], action: 'delete' });
    expect(res.body.results).toEqual([
      { id: mine[1], ok: true },
      { id: othersId, ok: false, error: 'QR code not found' },
    ]);
    expect((await owner.get(`/api/dashboard/codes/${mine[1]}`)).status).toBe(404);
    expect((await other.get(`/api/dashboard/codes/${othersId}`)).status).toBe(200);
    // Free users hold 3 dynamic codes: the deleted one's slot is free again.
    expect((await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://bulk.example/new' })).status).toBe(
      201,
    );
  });

  it('refuses a call without ids, over 500 ids, an unknown action, or tag without a tag, with 400 naming the field', async () => {
    const many = Array.from({ length: 501 }, () => randomUUID());
    const over = await bulk({ ids: many, action: 'pause' });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ ids: 'At most 500 QR codes at a time' });
    expect((await bulk({ ids: many.slice(0, 500), action: 'pause' })).body.results).toHaveLength(500);
    expect((await bulk({ ids: [], action: 'pause' })).body.errors).toEqual({ ids: 'Choose at least one QR code' });
    expect((await bulk({ ids: [mine[0]], action: 'archive' })).body.errors).toEqual({
      action: 'action must be pause, resume, delete, tag or untag',
    });
    expect((await bulk({ ids: [mine[0]], action: 'tag' })).body.errors).toEqual({ tag: 'Name the tag to add or remove' });
    expect((await new TestClient(app.url).post('/api/dashboard/codes/bulk', { ids: [mine[0]], action: 'pause' })).status).toBe(401);
  });
});
