import { postMultipart } from '../codes/codes.test-kit';
import { DataSource } from 'typeorm';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { until } from '../test-support/until';
import { batchAnswer, batchesAnswer, createdBatchAnswer, type BatchAnswer } from './batches.answers';

/**
 * Batches over HTTP (issue 35): rows become codes through the single create's rules (the same messages, the same caps
 * per row), refused rows are named by row and field and change nothing; CSV uploads with style columns; someone else's
 * batch is 404. BATCH_MAX_ROWS and the dynamic caps are small here so their limits are reached.
 */
jest.setTimeout(90_000);

describe('batches: many codes at once from JSON rows or a CSV', () => {
  let app: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    app = await startTestApp({
      BATCH_MAX_ROWS: '6',
      BATCH_MAX_CSV_BYTES: '150000',
      TRIAL_DYNAMIC_LIMIT: '2',
      FREE_DYNAMIC_LIMIT: '2',
    });
    owner = new TestClient(app.url);
    await signUp(owner);
  });
  afterAll(async () => {
    await app?.close();
  });

  const finished = (client: TestClient, id: string): Promise<BatchAnswer> =>
    until(
      async () => {
        const res = await client.get(`/api/batches/${id}`);
        // The 202 may come before the read model has the batch (a loaded machine: 'answering from the events').
        if (res.status === 404) return null;
        expect(res.status).toBe(200);
        const batch = batchAnswer.parse(res.body);
        return batch.state === 'done' || batch.state === 'failed' ? batch : null;
      },
      `batch ${id} to finish`,
      60_000,
    );

  const dashboardCode = async (client: TestClient, id: string) => {
    const res = await client.get(`/api/dashboard/codes/${id}`);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };

  it('a 3-row batch with one bad row makes 2 codes and names the bad row and field; the list shows it', async () => {
    const res = await owner.post('/api/batches', {
      name: 'Tables',
      rows: [
        { qrType: 'url', name: 'Table 1', url: 'https://menu.example/1', tags: ['tables', 'Menu'] },
        { qrType: 'url', name: 'Table 2', url: 'not a url' },
        { qrType: 'text', name: 'Table 3', text: 'Welcome to table 3', style: { foregroundColor: '#112233' } },
      ],
    });
    expect(res.status).toBe(202);
    const { id } = createdBatchAnswer.parse(res.body);
    const batch = await finished(owner, id);
    expect(batch).toMatchObject({ name: 'Tables', total: 3, processed: 3, created: 2, state: 'done' });
    expect(batch.failed).toEqual([{ row: 2, field: 'url', message: 'Please enter a valid URL' }]);
    expect(batch.codeIds).toHaveLength(2);
    expect(batch.warnings).toEqual([]);
    const [first, third] = await Promise.all(batch.codeIds.map((codeId) => dashboardCode(owner, codeId)));
    expect(first).toMatchObject({ name: 'Table 1', qrType: 'url', content: 'https://menu.example/1', tags: ['tables', 'Menu'] });
    expect(third).toMatchObject({ name: 'Table 3', qrType: 'text', fgColor: '#112233' });
    const listed = batchesAnswer.parse((await owner.get('/api/batches')).body);
    expect(listed.map((b) => b.id)).toContain(id);
  });

  it('lists the codes made that would not scan once printed, by row and code, checked as drawn', async () => {
    const rows = [
      { qrType: 'url', name: 'Black', url: 'https://menu.example/black' },
      { qrType: 'url', name: 'Grey', url: 'https://menu.example/grey', style: { foregroundColor: '#7a7a7a' } },
      { qrType: 'url', name: 'Bad', url: 'nope' },
    ];
    const res = await owner.post('/api/batches', { name: 'Greys', rows });
    expect(res.status).toBe(202);
    const batch = await finished(owner, createdBatchAnswer.parse(res.body).id);
    expect(batch).toMatchObject({ created: 2, state: 'done' });
    expect(batch.warnings).toEqual([{ row: 2, codeId: batch.codeIds[1], message: expect.stringContaining('contrast 4.3:1') }]);
    expect(batch.warnings[0].message).toMatch(/^The QR colour #7a7a7a is close to the background/);
    const listed = batchesAnswer.parse((await owner.get('/api/batches')).body).find((b) => b.id === batch.id);
    expect(listed?.warnings).toEqual(batch.warnings);
  });

  it('takes a CSV with style.* columns (header not counted); a bad colour names its row and field', async () => {
    const csv = [
      'qrType,name,url,style.foregroundColor,tags',
      'url,Shelf A,https://shop.example/a,#0000AA,shelves',
      'url,Shelf B,https://shop.example/b,not-a-colour,shelves',
      '',
    ].join('\r\n');
    const res = await postMultipart(owner, '/api/batches', { name: 'Shelves' }, [
      { name: 'file', filename: 'shelves.csv', contentType: 'text/csv', data: Buffer.from(csv) },
    ]);
    expect(res.status).toBe(202);
    const batch = await finished(owner, createdBatchAnswer.parse(res.body).id);
    expect(batch).toMatchObject({ total: 2, created: 1, state: 'done' });
    expect(batch.failed).toEqual([{ row: 2, field: 'fgColor', message: expect.stringMatching(/colou?r/i) }]);
    expect(await dashboardCode(owner, batch.codeIds[0])).toMatchObject({ name: 'Shelf A', fgColor: '#0000AA' });
  });

  it('applies the dynamic cap per row with the usual limit message', async () => {
    const capped = new TestClient(app.url);
    await signUp(capped);
    const rows = [1, 2, 3].map((n) => ({ qrType: 'url', name: `Badge ${n}`, dynamic: true, url: `https://event.example/${n}` }));
    const res = await capped.post('/api/batches', { name: 'Badges', rows });
    expect(res.status).toBe(202);
    const batch = await finished(capped, createdBatchAnswer.parse(res.body).id);
    expect(batch).toMatchObject({ total: 3, created: 2, state: 'done' });
    expect(batch.failed).toEqual([
      { row: 3, field: 'dynamic', message: 'You have reached your limit of 2 dynamic QR codes. Please upgrade to create more.' },
    ]);
    const modes = await Promise.all(batch.codeIds.map(async (codeId) => (await dashboardCode(capped, codeId)).qrMode));
    expect(modes).toEqual(['dynamic', 'dynamic']);
  });

  it('refuses more rows than BATCH_MAX_ROWS, no rows, and a missing name; another owner gets 404', async () => {
    const row = { qrType: 'text', text: 'x' };
    const tooMany = await owner.post('/api/batches', { name: 'Big', rows: Array.from({ length: 7 }, () => row) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A batch takes at most 6 rows');
    expect((await owner.post('/api/batches', { name: 'Empty', rows: [] })).status).toBe(400);
    expect((await owner.post('/api/batches', { name: 'No rows' })).status).toBe(400);
    expect((await owner.post('/api/batches', { rows: [row] })).status).toBe(400);
    const mine = createdBatchAnswer.parse((await owner.post('/api/batches', { name: 'Mine', rows: [row] })).body);
    const stranger = new TestClient(app.url);
    await signUp(stranger);
    expect((await stranger.get(`/api/batches/${mine.id}`)).status).toBe(404);
    expect(batchesAnswer.parse((await stranger.get('/api/batches')).body)).toEqual([]);
    expect((await owner.get('/api/batches/not-a-uuid')).status).toBe(404);
  });

  it('takes a JSON body over the general 100 kB up to its own bound (BATCH_MAX_CSV_BYTES + 512 a row); a bigger one is 413', async () => {
    // 6 rows of 20 kB: over the 100 kB every other route takes, under this route's 150,000 + 6 x 512 bytes.
    const rows = (size: number) => Array.from({ length: 6 }, (_, i) => ({ qrType: 'text', name: `Long ${i}`, text: 'x'.repeat(size) }));
    const taken = await owner.post('/api/batches', { name: 'Long', rows: rows(20_000) });
    expect(JSON.stringify({ name: 'Long', rows: rows(20_000) }).length).toBeGreaterThan(100 * 1024);
    expect(taken.status).toBe(202);
    const batch = await finished(owner, createdBatchAnswer.parse(taken.body).id);
    expect(batch).toMatchObject({ total: 6, created: 0 });
    const refused = await owner.post('/api/batches', { name: 'Too long', rows: rows(26_000) });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      statusCode: 413,
      code: 'too_large',
      message: 'The batch is too large: a JSON body may be at most 0.1 MB. Send fewer rows, or the rows as a CSV file.',
    });
    // Other routes keep the general limit.
    expect((await owner.post('/api/qrcodes', { qrType: 'text', text: 'x'.repeat(120_000) })).status).toBe(413);
  });

  it("seals a batch's rows with the owner's key; a deleted account's batches leave the list", async () => {
    const leaver = new TestClient(app.url);
    await signUp(leaver);
    const rows = [{ qrType: 'text', name: 'Private note', text: 'call 555-0199-secret' }];
    const { id } = createdBatchAnswer.parse((await leaver.post('/api/batches', { name: 'Leaving', rows })).body);
    await finished(leaver, id);
    const ds = app.app.get(DataSource);
    const stored = (await ds.query(`SELECT data::text AS data FROM events WHERE type = 'BatchRequested' AND stream_id = $1`, [
      `batch-${id}`,
    ])) as { data: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0].data).not.toContain('555-0199-secret');
    expect((await leaver.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    expect(await ds.query('SELECT id FROM batches WHERE id = $1', [id])).toEqual([]);
  });
});
