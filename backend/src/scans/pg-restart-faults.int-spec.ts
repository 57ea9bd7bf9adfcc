import Redis from 'ioredis';
import { SERVICE_UNAVAILABLE } from '../http/errors.filter';
import { FaultStack, runPgRestartFaults, startFaultStack } from './pg-restart-faults.harness';
import { until } from '../test-support/until';

const RESTARTS = 8;

/**
 * Issue 13, item 1: a PostgreSQL restart under scan load killed the process with an unhandled 'error' event on a pg
 * client. Here the product (one process, as `npm start`) survives several restarts of its database: /d/ answers
 * throughout, the API answers 503 while the database is down, and afterwards every 302 is a stored scan, the read
 * models count them and a new visitor can sign up, all without restarting the app.
 */
describe('PostgreSQL restarted under scan load', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    // No reclaim by the claim timeout during the test: the ingester must store what it read itself once PostgreSQL is back.
    stack = await startFaultStack({ SCAN_CLAIM_IDLE_MS: '600000' });
  }, 120_000);
  afterAll(() => stack?.close());

  it('a healthy boot logs no warning (the scan ingester starts once its Redis connection is ready)', async () => {
    const redis = new Redis(stack.redis.url);
    try {
      // The ingester has made its consumer group: it has run its first commands.
      const groups = () => redis.xinfo('GROUPS', 'qrs:qrsharks:scans').catch(() => []) as Promise<unknown[]>;
      await until(async () => (await groups()).length > 0, 'the consumer group', 30_000);
      expect(await groups()).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
    expect(stack.app.warnings()).toEqual([]);
  });

  it('the process survives, /d/ keeps answering, the API answers 503 meanwhile, and no scan is lost', async () => {
    const report = await runPgRestartFaults(stack, {
      restarts: RESTARTS,
      concurrency: 8,
      codes: 2,
      scansWhileDown: 30,
      redisFreezeAt: 2,
      redisFreezeMs: 500,
      log: (line) => process.env.VERBOSE && console.log(line),
    });
    console.log(`pg restart faults: ${JSON.stringify({ ...report, apiProbes: report.apiProbes.length })}`);
    expect(report.appAlive).toBe(true);
    expect(report.fatalLines).toEqual([]);
    expect(report.otherAnswers).toEqual({});
    expect(report.redirectsWhileDown).toBeGreaterThanOrEqual(RESTARTS * 30);
    expect(
      report.apiProbes.filter((probe) => probe.status !== 503 || probe.message !== SERVICE_UNAVAILABLE || probe.retryAfter !== '5'),
    ).toEqual([]);
    expect(report.apiProbes).toHaveLength(RESTARTS * 3);
    expect(report.scannedEvents).toBe(report.redirects);
    expect(report.distinctIds).toBe(report.scannedEvents);
    expect(report.codes.every((code) => code.sent > 0 && code.stored === code.sent && code.shown === code.sent)).toBe(true);
    expect(report.deadLetters).toBe(0);
    expect(report.signUpAfter).toBe(200);
    expect(report.shutdownCode).toBe(0);
  }, 240_000);
});
