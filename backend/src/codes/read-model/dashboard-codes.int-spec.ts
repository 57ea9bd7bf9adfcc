import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { postMultipart } from '../codes.test-kit';
import { codeAnswer } from '../editing/codes.answers';
import { createTenants } from '../../test-support/tenants';
import { until } from '../../test-support/until';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** GET /api/dashboard/codes: the dashboard's list in the ra-data-simple-rest dialect, and renaming a code (PUT name). */
describe('GET /api/dashboard/codes', () => {
  let app: TestApp;
  let owner: TestClient;
  /** Oldest first, as made: static url, dynamic url, static email, dynamic (paused) url, static text, dynamic (renamed) social. */
  const ids: string[] = [];

  const list = (client: TestClient, query: Record<string, unknown> = {}) => {
    const params = Object.entries(query).map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
    return client.get(`/api/dashboard/codes?${new URLSearchParams(params).toString()}`);
  };
  const idsOf = (body: { id: string }[]) => body.map((row) => ids.indexOf(row.id));

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    await createTenants(app.app, [{ clientId: 2 }]);
    owner = new TestClient(app.url);
    await signUp(owner);
    const made = [
      await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://static.example/menu' }),
      await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://dynamic.example/one' }),
      await postMultipart(owner, '/api/qrcodes', { qrType: 'email', qrData: JSON.stringify({ email: 'hello@mail.example' }) }),
      await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://dynamic.example/paused' }),
      await postMultipart(owner, '/api/qrcodes', { qrType: 'url', url: 'https://static.example/100%_off' }),
      await postMultipart(owner, '/api/dynamic-qrcodes', {
        qrType: 'social',
        qrData: JSON.stringify({ platform: 'instagram', url: 'https://instagram.com/sharks' }),
      }),
    ];
    for (const res of made) if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
    ids.push(...made.map((res) => res.body.id as string));
    expect((await owner.post(`/api/dynamic-qrcodes/${ids[3]}/pause`)).status).toBe(200);
    expect((await owner.put(`/api/dynamic-qrcodes/${ids[5]}`, { name: '  Summer campaign ' })).status).toBe(200);
  });
  afterAll(() => app.close());

  it('answers the first page newest first, static and dynamic together, with Content-Range', async () => {
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('codes 0-5/6');
    expect(idsOf(res.body)).toEqual([5, 4, 3, 2, 1, 0]);
    const [social, text, paused] = res.body;
    expect(social).toMatchObject({ qrMode: 'dynamic', qrType: 'social', name: 'Summer campaign', scanCount: 0 });
    expect(social.link).toMatch(/\/d\/[A-Za-z0-9_-]{8}$/);
    expect(social.content).toBe(social.link);
    expect(text).toMatchObject({ qrMode: 'static', qrType: 'url', name: null, content: 'https://static.example/100%_off' });
    expect(paused).toMatchObject({ isPaused: true, destination: 'https://dynamic.example/paused' });
    // Style travels with each row, so the browser renders the code as the download does.
    expect(social).toMatchObject({ fgColor: '#000000', bgColor: '#FFFFFF', dotShape: 'square', frameText: 'SCAN ME' });
    for (const row of res.body) expect(row).not.toHaveProperty('clientId');
    // The rows are SQL rows: the documented answer (codes.answers.ts, the frontend's generated types) must fit them.
    for (const row of res.body) expect(codeAnswer.parse(row)).toEqual(row);
  });

  it('pages with range: rows and Content-Range follow, an empty page past the end still says the total', async () => {
    const first = await list(owner, { range: [0, 1] });
    expect(idsOf(first.body)).toEqual([5, 4]);
    expect(first.headers['content-range']).toBe('codes 0-1/6');
    const second = await list(owner, { range: [2, 3] });
    expect(idsOf(second.body)).toEqual([3, 2]);
    expect(second.headers['content-range']).toBe('codes 2-3/6');
    const beyond = await list(owner, { range: [10, 19] });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('codes 10-10/6');
    expect(beyond.headers['access-control-expose-headers']).toBe('Content-Range');
  });

  it('filters by mode, paused, type and text (name, destination, content; % and _ are literal)', async () => {
    expect(idsOf((await list(owner, { filter: { mode: 'static' } })).body)).toEqual([4, 2, 0]);
    expect(idsOf((await list(owner, { filter: { mode: 'dynamic' } })).body)).toEqual([5, 3, 1]);
    const paused = await list(owner, { filter: { paused: true } });
    expect(idsOf(paused.body)).toEqual([3]);
    expect(paused.headers['content-range']).toBe('codes 0-0/1');
    expect(idsOf((await list(owner, { filter: { paused: false } })).body)).toEqual([5, 4, 2, 1, 0]);
    expect(idsOf((await list(owner, { filter: { paused: false, mode: 'dynamic' } })).body)).toEqual([5, 1]);
    expect(idsOf((await list(owner, { filter: { qrType: 'email' } })).body)).toEqual([2]);
    expect(idsOf((await list(owner, { filter: { q: 'summer' } })).body)).toEqual([5]);
    expect(idsOf((await list(owner, { filter: { q: 'DYNAMIC.example/one' } })).body)).toEqual([1]);
    expect(idsOf((await list(owner, { filter: { q: 'hello@mail' } })).body)).toEqual([2]);
    expect(idsOf((await list(owner, { filter: { q: '100%_' } })).body)).toEqual([4]);
    expect(idsOf((await list(owner, { filter: { q: '%' } })).body)).toEqual([4]);
    const none = await list(owner, { filter: { q: 'nothing like this' } });
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('codes 0-0/0');
  });

  it('sorts by name, type, scans and date in either order', async () => {
    expect(idsOf((await list(owner, { sort: ['createdAt', 'ASC'] })).body)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(idsOf((await list(owner, { sort: ['name', 'ASC'] })).body)[0]).toBe(5);
    expect(idsOf((await list(owner, { sort: ['qrType', 'ASC'], filter: { mode: 'static' } })).body)).toEqual([2, 0, 4]);
    expect((await list(owner, { sort: ['scanCount', 'DESC'] })).status).toBe(200);
  });

  it('renames a static and a dynamic code (PUT name): history says so, blank clears it, too long is 400', async () => {
    const renamed = await owner.put(`/api/qrcodes/${ids[0]}`, { name: 'Menu card' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: ids[0], name: 'Menu card', url: 'https://static.example/menu' });
    expect((await list(owner, { filter: { q: 'menu card' } })).body.map((row: { name: string }) => row.name)).toEqual(['Menu card']);
    const history = await owner.get(`/api/qrcodes/${ids[0]}/history`);
    expect(history.body.at(-1)).toMatchObject({ type: 'QrRenamed', summary: 'Renamed', after: { name: 'Menu card' } });
    // The same name again records nothing.
    const again = await owner.put(`/api/qrcodes/${ids[0]}`, { name: 'Menu card' });
    expect(again.body.version).toBe(renamed.body.version);
    const cleared = await owner.put(`/api/qrcodes/${ids[0]}`, { name: '   ' });
    expect(cleared.body.name).toBeNull();
    const tooLong = await owner.put(`/api/dynamic-qrcodes/${ids[1]}`, { name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Name must be at most 100 characters');
    // A stale rename is refused like every other stale write.
    const stale = await owner.put(`/api/dynamic-qrcodes/${ids[5]}`, { name: 'Late' }, { headers: { 'if-match': '"0"' } });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe('This QR code was changed since you loaded it. Reload and try again.');
  });

  it(
    'names a code as it is made (codeName: the dashboard duplicate in one request, QrCreated and QrRenamed together); blank ' +
      'names none; a location keeps its place name as content',
    async () => {
      const copier = new TestClient(app.url);
      await signUp(copier);
      const named = await postMultipart(copier, '/api/dynamic-qrcodes', {
        qrType: 'url',
        destination: 'https://copy.example',
        codeName: '  Copy of Spring menu ',
      });
      expect(named.status).toBe(201);
      expect(named.body).toMatchObject({ name: 'Copy of Spring menu', version: 1 });
      const history = (await copier.get(`/api/qrcodes/${named.body.id}/history`)).body as { type: string; version: number }[];
      expect(history.map((entry) => [entry.type, entry.version])).toEqual([
        ['QrCreated', 0],
        ['QrRenamed', 1],
      ]);
      expect((await list(copier)).body[0]).toMatchObject({ id: named.body.id, name: 'Copy of Spring menu' });
      const unnamed = await postMultipart(copier, '/api/qrcodes', { qrType: 'url', url: 'https://copy.example/static', codeName: ' ' });
      expect(unnamed.body).toMatchObject({ name: null, version: 0 });
      // `name` in a flat body is content (a location's place name), never the code's own name.
      const place = await postMultipart(copier, '/api/qrcodes', { qrType: 'location', address: '1 Main St', name: 'Shop' });
      expect(place.body).toMatchObject({ name: null, version: 0, locationName: 'Shop' });
      const tooLong = await postMultipart(copier, '/api/qrcodes', {
        qrType: 'url',
        url: 'https://copy.example/long',
        codeName: 'x'.repeat(101),
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.message).toBe('Name must be at most 100 characters');
      expect(Number(String((await list(copier)).headers['content-range']).split('/')[1])).toBe(3);
    },
  );

  it('GET /api/dashboard/codes/{id} answers one of the caller codes, 404 for anyone else and for malformed ids', async () => {
    const one = await owner.get(`/api/dashboard/codes/${ids[5]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: ids[5], qrMode: 'dynamic', qrType: 'social' });
    expect(codeAnswer.parse(one.body)).toEqual(one.body);
    expect((await owner.get(`/api/dashboard/codes/${ids[0]}`)).body).toMatchObject({ id: ids[0], qrMode: 'static' });
    const other = new TestClient(app.url);
    await signUp(other);
    expect((await other.get(`/api/dashboard/codes/${ids[5]}`)).status).toBe(404);
    expect((await owner.get('/api/dashboard/codes/not-an-id')).status).toBe(404);
  });

  it('scopes to the owner and the tenant', async () => {
    const other = new TestClient(app.url);
    await signUp(other);
    const theirs = await list(other);
    expect(theirs.body).toEqual([]);
    expect(theirs.headers['content-range']).toBe('codes 0-0/0');
    const foreign = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    await signUp(foreign);
    await postMultipart(foreign, '/api/qrcodes', { qrType: 'url', url: 'https://acme.example' });
    const acme = await list(foreign);
    expect(acme.body).toHaveLength(1);
    expect(acme.body[0].id).not.toBe(ids[0]);
    expect(idsOf((await list(owner)).body)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await new TestClient(app.url).get('/api/dashboard/codes')).status).toBe(401);
    // Renaming someone else's code is a 404 like every other change.
    expect((await other.put(`/api/qrcodes/${ids[0]}`, { name: 'Mine now' })).status).toBe(404);
  });

  it.each([
    ['sort', '["password","ASC"]'],
    ['sort', 'not json'],
    ['range', '[5,2]'],
    ['range', '[0,100]'],
    ['filter', '{"userId":"x"}'],
    ['filter', '{"paused":"yes"}'],
    ['filter', '{"mode":"both"}'],
    ['filter', '{"qrType":"fax"}'],
    ['filter', `{"q":"${'x'.repeat(101)}"}`],
    ['page', '2'],
  ])('answers 400 with a message for %s=%s', async (name, value) => {
    const res = await owner.get(`/api/dashboard/codes?${name}=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('reads a page of an owner with thousands of codes by key, even in tables PostgreSQL has not analyzed', async () => {
    // bench/dashboard (issue 31): the list's one statement joined the page to both code tables; in tables just filled
    // or rebuilt (no statistics yet) PostgreSQL scanned every one of the owner's codes once per row of the page (40-60
    // ms at 5,000 codes). The page's statement, explained as run: at most a page's rows read from each table, per row.
    const heavy = new TestClient(app.url);
    await signUp(heavy);
    const seedId = (await postMultipart(heavy, '/api/qrcodes', { qrType: 'url', url: 'https://many.example/0' })).body.id as string;
    const seedDynamic = (await postMultipart(heavy, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://many.example/d' })).body
      .id as string;
    const dataSource = app.app.get(DataSource);
    for (const [table, id] of [
      ['qr_codes', seedId],
      ['dynamic_qr_codes', seedDynamic],
    ]) {
      await dataSource.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`);
      // Copies of the owner's code (new ids, older dates, short codes of their own): read-model rows, as a projection writes.
      await dataSource.query(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(c) || jsonb_build_object(
           'id', gen_random_uuid(), 'created_at', c.created_at - n * interval '1 minute'
           ${table === 'dynamic_qr_codes' ? ", 'short_code', 'm' || lpad(n::text, 7, '0')" : ''}))).*
         FROM ${table} c, generate_series(1, 1500) AS n WHERE c.id = $1`,
        [id],
      );
    }
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const sent: { text: string; values: unknown[] }[] = [];
    const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    const query = jest.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const statement = args[0] as { text?: string; values?: unknown[] };
      if (statement?.text?.includes('AS "total"')) sent.push({ text: statement.text, values: statement.values ?? [] });
      return original(...args);
    }) as never);
    let res;
    try {
      res = await list(heavy, { range: [0, 23] });
    } finally {
      query.mockRestore();
      for (const table of ['qr_codes', 'dynamic_qr_codes']) await dataSource.query(`ALTER TABLE ${table} RESET (autovacuum_enabled)`);
    }
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(24); // (the total is code_counts', which these copies did not go through)
    expect(sent).toHaveLength(1);
    const [
      {
        'QUERY PLAN': [plan],
      },
    ] = (await dataSource.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0].text}`, sent[0].values)) as {
      'QUERY PLAN': [{ Plan: PlanNode }];
    }[];
    const read = new Map<string, number>();
    const walk = (node: PlanNode) => {
      const table = node['Relation Name'];
      if (table) read.set(table, (read.get(table) ?? 0) + node['Actual Rows'] * node['Actual Loops']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan.Plan);
    // Each table: its owner-index walk (at most the page's 24 rows) and a lookup of each page row of its kind.
    expect(read.get('qr_codes')).toBeLessThanOrEqual(48);
    expect(read.get('dynamic_qr_codes')).toBeLessThanOrEqual(48);
  });

  it('keeps every total true as codes are paused, resumed, deleted and their account is deleted (code_counts)', async () => {
    const filters = [{}, { mode: 'static' }, { mode: 'dynamic' }, { paused: true }, { paused: false }, { paused: true, mode: 'dynamic' }];
    filters.push({ paused: false, mode: 'dynamic' }, { paused: true, mode: 'static' }, { paused: false, mode: 'static' });
    /** Each filter's Content-Range total, beside the number of rows the whole list gives for it. */
    const totals = async (client: TestClient) =>
      Promise.all(
        filters.map(async (filter) => {
          const res = await list(client, { filter, range: [0, 99] });
          return { filter, total: Number(String(res.headers['content-range']).split('/')[1]), rows: res.body.length as number };
        }),
      );
    const expectTrue = async (client: TestClient, all: number) => {
      const answers = await totals(client);
      for (const answer of answers) expect(answer).toEqual({ ...answer, total: answer.rows });
      expect(answers[0].total).toBe(all);
    };
    const mover = new TestClient(app.url);
    await signUp(mover);
    const made: string[] = [];
    for (const destination of ['https://a.example', 'https://b.example', 'https://c.example'])
      made.push((await postMultipart(mover, '/api/dynamic-qrcodes', { qrType: 'url', destination })).body.id as string);
    made.push((await postMultipart(mover, '/api/qrcodes', { qrType: 'url', url: 'https://s.example' })).body.id as string);
    await expectTrue(mover, 4);
    expect((await mover.post(`/api/dynamic-qrcodes/${made[0]}/pause`)).status).toBe(200);
    expect((await mover.post(`/api/dynamic-qrcodes/${made[1]}/pause`)).status).toBe(200);
    await expectTrue(mover, 4);
    expect((await mover.post(`/api/dynamic-qrcodes/${made[0]}/resume`)).status).toBe(200);
    expect((await mover.delete(`/api/dynamic-qrcodes/${made[1]}`)).status).toBe(200);
    expect((await mover.delete(`/api/qrcodes/${made[3]}`)).status).toBe(200);
    await expectTrue(mover, 2);
    expect((await list(mover, { filter: { paused: true } })).headers['content-range']).toBe('codes 0-0/0');
    // The first owner's totals were never touched by another owner's changes.
    await expectTrue(owner, 6);
    // Deleting the account deletes its codes: its counts go with them (the projection reacts to UserDeleted).
    const userId = (await mover.get('/api/user')).body.id as string;
    expect((await mover.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    const counts = async () =>
      (await app.app
        .get(DataSource)
        .query('SELECT static_count + dynamic_count + static_paused + dynamic_paused AS n FROM code_counts WHERE user_id = $1', [
          userId,
        ])) as { n: number }[];
    await until(async () => (await counts()).length === 0, "the deleted user's code counts gone");
    expect(await counts()).toEqual([]);
  });
});
