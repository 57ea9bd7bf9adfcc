import { DataSource } from 'typeorm';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { EventStore } from '../../event-store/event-store';
import { ProjectionsService } from '../../projections/projections.service';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';
import { codeAnswer } from '../editing/codes.answers';

/** Issue 35: tags on codes (the edit page's PUT), the dashboard list's tag filter, and a tag renamed or removed everywhere. */
describe('tags on codes', () => {
  let app: TestApp;
  let owner: TestClient;
  let other: TestClient;
  let ownerId: string;
  /** Oldest first: static url, dynamic url, static text, dynamic url (the other user's). */
  const ids: string[] = [];

  const list = (client: TestClient, filter: Record<string, unknown>) =>
    client.get(
      `/api/dashboard/codes?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    );
  const idsOf = (body: { id: string }[]) => body.map((row) => ids.indexOf(row.id));
  const tagsOf = async (id: string) => ((await owner.get(`/api/dashboard/codes/${id}`)).body as { tags: string[] }).tags;

  beforeAll(async () => {
    app = await startTestApp();
    owner = new TestClient(app.url);
    ownerId = (await signUp(owner)).id;
    other = new TestClient(app.url);
    await signUp(other);
    const made = [
      await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://tables.example/1' }),
      await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://tables.example/2' }),
      await postMultipart(owner, '/api/qrcodes', { qrType: 'text', qrData: JSON.stringify({ text: 'Welcome' }) }),
      await postMultipart(other, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://other.example' }),
    ];
    for (const res of made) if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
    ids.push(...made.map((res) => res.body.id as string));
  });
  afterAll(() => app.close());

  it('sets tags trimmed (PUT, with If-Match), answers them on the code and the list, and History says so', async () => {
    const set = await owner.put(`/api/dashboard/codes/${ids[0]}/tags`, { tags: [' tables ', 'Spring'] });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: ids[0], tags: ['tables', 'Spring'], version: 1 });
    expect(set.headers.etag).toBe('"1"');
    expect(codeAnswer.parse(set.body)).toEqual(set.body);
    expect((await owner.put(`/api/dashboard/codes/${ids[1]}/tags`, { tags: ['TABLES'] }, { headers: { 'if-match': '"0"' } })).status).toBe(
      200,
    );
    const stale = await owner.put(`/api/dashboard/codes/${ids[1]}/tags`, { tags: [] }, { headers: { 'if-match': '"0"' } });
    expect(stale.status).toBe(412);
    // The same tags again record nothing.
    expect((await owner.put(`/api/dashboard/codes/${ids[0]}/tags`, { tags: ['tables', 'Spring'] })).body.version).toBe(1);
    const history = (await owner.get(`/api/qrcodes/${ids[0]}/history`)).body as { type: string; summary: string; after: unknown }[];
    expect(history.at(-1)).toMatchObject({
      type: 'QrTagsChanged',
      summary: 'Tags changed: added tables, Spring',
      after: { tags: ['tables', 'Spring'] },
    });
    expect(await tagsOf(ids[1])).toEqual(['TABLES']);
  });

  it('filters the dashboard list by tag, ignoring case, with the right total; lists the tags with counts', async () => {
    const tables = await list(owner, { tag: 'Tables' });
    expect(tables.status).toBe(200);
    expect(idsOf(tables.body)).toEqual([0, 1]);
    expect(tables.headers['content-range']).toBe('codes 0-1/2');
    expect(idsOf((await list(owner, { tag: 'spring', mode: 'static' })).body)).toEqual([0]);
    expect(idsOf((await list(owner, { tag: 'spring', mode: 'dynamic' })).body)).toEqual([]);
    expect((await list(owner, { tag: 'nothing' })).headers['content-range']).toBe('codes 0-0/0');
    // Another person's tags are not the owner's.
    expect((await other.put(`/api/dynamic-qrcodes/${ids[3]}`, { name: 'x' })).status).toBe(200);
    expect((await other.put(`/api/dashboard/codes/${ids[3]}/tags`, { tags: ['tables'] })).status).toBe(200);
    expect(idsOf((await list(owner, { tag: 'tables' })).body)).toEqual([0, 1]);
    expect((await owner.get('/api/dashboard/tags')).body).toEqual([
      { tag: 'Spring', count: 1 },
      // One tag ignoring case, spelled as on most of its codes (a tie here: either spelling).
      { tag: expect.stringMatching(/^tables$/i) as unknown, count: 2 },
    ]);
    expect((await list(owner, { tag: 'x'.repeat(51) })).status).toBe(400);
  });

  it('refuses more than 20 tags, a repeated tag (any case), a blank or too long one with a 400 naming tags', async () => {
    const put = (tags: unknown) => owner.put(`/api/dashboard/codes/${ids[2]}/tags`, { tags });
    const twentyOne = Array.from({ length: 21 }, (_, i) => `t${i}`);
    const tooMany = await put(twentyOne);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: 'A code can have at most 20 tags', errors: { tags: 'A code can have at most 20 tags' } });
    expect((await put(twentyOne.slice(0, 20))).status).toBe(200);
    const twice = await put(['Menu', 'menu ']);
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ tags: 'The tag "menu" is there twice (tags ignore upper and lower case)' });
    expect((await put([' '])).body.errors).toEqual({ tags: 'A tag cannot be blank' });
    expect((await put(['x'.repeat(51)])).body.errors).toEqual({ tags: 'A tag can be at most 50 characters' });
    expect((await put('tables')).status).toBe(400);
    expect((await put([])).body.tags).toEqual([]);
    // Someone else's code is not found, and unchanged.
    expect((await owner.put(`/api/dashboard/codes/${ids[3]}/tags`, { tags: ['mine'] })).status).toBe(404);
  });

  it("renames a tag across the owner's codes, one event per changed code; merges; removes; never touches another's", async () => {
    expect((await owner.put(`/api/dashboard/codes/${ids[2]}/tags`, { tags: ['Seats', 'tables'] })).status).toBe(200);
    const renamed = await owner.post('/api/dashboard/tags/rename', { from: 'TABLES', to: 'Seats' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ results: [0, 1, 2].map((i) => ({ id: ids[i], ok: true })) });
    expect(await tagsOf(ids[0])).toEqual(['Seats', 'Spring']);
    expect(await tagsOf(ids[1])).toEqual(['Seats']);
    expect(await tagsOf(ids[2])).toEqual(['Seats']); // it had Seats already: the two merged
    expect(((await other.get(`/api/dashboard/codes/${ids[3]}`)).body as { tags: string[] }).tags).toEqual(['tables']);
    for (const id of ids.slice(0, 2)) {
      const history = (await owner.get(`/api/qrcodes/${id}/history`)).body as { type: string }[];
      expect(history.filter((entry) => entry.type === 'QrTagsChanged').length).toBe(2);
    }
    expect(((await owner.get(`/api/qrcodes/${ids[2]}/history`)).body as { summary: string }[]).at(-1)?.summary).toBe(
      'Tags changed: removed tables',
    );
    expect((await owner.post('/api/dashboard/tags/rename', { from: 'Seats', to: ' ' })).body.errors).toEqual({
      to: 'A tag cannot be blank',
    });
    expect((await owner.post('/api/dashboard/tags/rename', { from: 'nowhere', to: 'x' })).body).toEqual({ results: [] });
    const removed = await owner.post('/api/dashboard/tags/remove', { tag: 'spring' });
    expect(removed.body).toEqual({ results: [{ id: ids[0], ok: true }] });
    expect(await tagsOf(ids[0])).toEqual(['Seats']);
  });

  it('the audit log says it in sentences, and the tags are sealed in the store (personal data)', async () => {
    const staff = new TestClient(app.url);
    await grantRole(app, (await signUp(staff)).id, 'support');
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit']);
    const filter = encodeURIComponent(JSON.stringify({ userId: ownerId, type: 'QrTagsChanged' }));
    const events = await staff.get(`/api/admin/events?filter=${filter}&range=${encodeURIComponent('[0,99]')}`);
    expect(events.status).toBe(200);
    const summaries = (events.body as { summary: string }[]).map((event) => event.summary);
    expect(summaries).toContain('tagged tables.example/1 with tables, Spring');
    expect(summaries).toContain('tagged tables.example/1 with Seats and removed the tag tables from tables.example/1');
    const raw = (await app.app.get(DataSource).query(`SELECT data FROM events WHERE type = 'QrTagsChanged' LIMIT 1`)) as {
      data: Record<string, unknown>;
    }[];
    expect(raw[0].data).toHaveProperty('$pd');
    expect(JSON.stringify(raw[0].data)).not.toMatch(/tables|Spring|Seats/);
  });
});
