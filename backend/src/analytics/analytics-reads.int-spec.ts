import { DataSource } from 'typeorm';
import { ProjectionsService } from '../projections/projections.service';
import type { Scanned } from '../scans';
import { createCodeByEvents, scannedEvent, uuidv7 } from '../scans/scan-fixtures';
import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { lastEventPosition } from '../test-support/last-event';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { AnalyticsService } from './analytics.service';
import { scansPerCodeSql } from './scans-sql';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const scansOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scansOf)].filter((n) => n['Relation Name']);

/**
 * Issue 31: at 10^7 scans a code's rows lie scattered among every other code's rows of each day, and a read that visits
 * the table for each of them took 165 ms (a year's breakdowns) to seconds (a filtered year). Every read of the code page
 * and of the console's and campaigns' scan figures answers from an index alone: asked of the planner here with sequential
 * and bitmap scans off, so only the choice between an index scan and an index-only scan is left to it.
 */
describe('analytics reads answer from indexes alone (issue 31)', () => {
  let app: TestApp;
  let owner: TestClient;
  let dataSource: DataSource;
  beforeAll(async () => {
    app = await startTestApp();
    owner = new TestClient(app.url);
    dataSource = app.app.get(DataSource);
  }, 120_000);
  afterAll(() => app?.close());

  async function plans(statements: { sql: string; params: unknown[] }[]) {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_bitmapscan = off');
      const scans: { sql: string; scan: PlanNode }[] = [];
      for (const { sql, params } of statements) {
        const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params)) as {
          'QUERY PLAN': { Plan: PlanNode }[];
        }[];
        for (const scan of scansOf(plan[0].Plan)) scans.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 120), scan });
      }
      return scans;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it("reads scan_facets and scan_breakdowns for the code page, and scan_daily for today's and a week's scans, index-only", async () => {
    const { id: userId } = await signUp(owner);
    const code = await createCodeByEvents(app.app, { userId, destination: 'https://example.com/reads' });
    const scan = (visitorHash: string, country: string, botReason: Scanned['botReason']): Scanned => ({
      scanId: uuidv7(),
      qrId: code.qrId,
      shortCode: code.shortCode,
      scannedAt: new Date().toISOString(),
      visitorHash,
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      referrer: null,
      country,
      language: 'en',
      isBot: botReason !== null,
      botReason,
    });
    const events = [scan('a', 'DE', null), scan('b', 'FR', null), scan('c', 'DE', 'head-request')].map((data) => scannedEvent(data, 1));
    await testEvents(app.app).store.appendMany([{ streamId: `scans-${code.qrId}`, events, expectedRevision: 'any' }]);
    expect(await app.app.get(ProjectionsService).waitFor((await lastEventPosition(dataSource))!, ['analytics'], 10_000)).toBe(true);
    // Other tenants' codes' last 30 days (tenant 2): with one row in scan_daily, any index is as cheap as another.
    await dataSource.query(
      `INSERT INTO scan_daily (qr_id, day, client_id, scans, unique_visitors, bots)
       SELECT 'other-' || (i / 30), (now() AT TIME ZONE 'UTC')::date - (i % 30), 2, 1, 1, 0 FROM generate_series(0, 2999) AS i`,
    );
    // As autovacuum leaves a table in time: statistics, and a visibility map that makes an index-only scan worth it.
    for (const table of ['scan_facets', 'scan_breakdowns', 'scan_daily']) await dataSource.query(`VACUUM ANALYZE ${table}`);

    // The statements the code page sends, as sent (unfiltered, filtered, bots counted), and the console's and campaigns'.
    const sent: { sql: string; params: unknown[] }[] = [];
    const query = dataSource.query.bind(dataSource);
    const spy = jest.spyOn(dataSource, 'query').mockImplementation((sql: string, params?: Parameters<DataSource['query']>[1]) => {
      sent.push({ sql, params: (params as unknown[] | undefined) ?? [] });
      return query(sql, params);
    });
    try {
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      for (const search of [`?from=${yearAgo}`, '?country=DE', `?from=${yearAgo}&device=mobile&bots=true`]) {
        const res = await owner.get(`/api/dynamic-qrcodes/${code.qrId}/analytics${search}`);
        expect(res.status).toBe(200);
      }
      await app.app.get(AnalyticsService).scansToday(1);
      await app.app.get(AnalyticsService).scansToday(null);
    } finally {
      spy.mockRestore();
    }
    const onFacets = sent.filter(({ sql }) => /scan_facets|scan_breakdowns/.test(sql));
    expect(onFacets.length).toBeGreaterThanOrEqual(6);
    const consoleReads = sent.filter(({ sql }) => /FROM scan_daily\s+WHERE day =/.test(sql));
    expect(consoleReads).toHaveLength(2);
    const scans = await plans([...onFacets, ...consoleReads, { sql: scansPerCodeSql('$1', 7), params: [1] }]);
    // scan_daily's day reads must take scan_daily_day: whether its scan is index-only depends on the visibility map, which
    // VACUUM cannot set for rows newer than the oldest transaction open on the (shared) server.
    const notIndexOnly = scans
      .filter(({ scan }) =>
        scan['Relation Name'] === 'scan_daily'
          ? scan['Index Name'] !== 'scan_daily_day'
          : ['scan_facets', 'scan_breakdowns'].includes(scan['Relation Name']!) && scan['Node Type'] !== 'Index Only Scan',
      )
      .map(({ sql, scan }) => `${scan['Node Type']} on ${scan['Relation Name']} using ${scan['Index Name']}: ${sql}`);
    expect(notIndexOnly).toEqual([]);
  }, 120_000);
});
