import Redis from 'ioredis';
import { TestClient } from '../test-support/http';
import { PrivateRedis } from '../test-support/private-redis';
import { until } from '../test-support/until';
import { startTestApp, TestApp } from '../test-support/test-app';
import { countryLookupLoaded } from './scan-enrich';
import { BROWSER_UA, createCodeByEvents, waitForEvents } from './scan-fixtures';
import { ScanRecorder } from './scan-recorder';

describe('scan recording on a Redis that refuses scripts (ACL without @scripting)', () => {
  const redis = new PrivateRedis();
  let app: TestApp;
  beforeAll(async () => {
    await redis.start();
    const admin = new Redis(redis.url);
    await admin.call('ACL', 'SETUSER', 'default', '-@scripting');
    await expect(admin.eval('return 1', 0)).rejects.toThrow(/NOPERM/);
    admin.disconnect();
    // What this file checks is the path a refused script takes, not Redis's speed: a command timing out (the default
    // 150 ms, passed on a loaded machine; CI once saw one scan go direct) is the direct path by design, which
    // scan-faults.int-spec covers. So commands here wait as long as a test does.
    app = await startTestApp({ REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '10000' });
  });
  afterAll(async () => {
    await app?.close();
    await redis.destroy();
  });

  it('loads the country database while starting, not on the first scan (its ~250 ms would time out Redis commands)', () => {
    expect(countryLookupLoaded()).toBe(true);
  });

  it('still buffers every scan in the Redis stream, one XADD each, and the ingester stores each once', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://example.com/acl' });
    const client = new TestClient(app.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.request('GET', `/d/${code.shortCode}`, { headers: { 'user-agent': BROWSER_UA } })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(302));
    const events = await waitForEvents(app.app, `scans-${code.qrId}`, 20);
    expect(events).toHaveLength(20);
    expect(new Set(events.map((event) => event.id)).size).toBe(20);
    // Through Redis, not the direct path.
    expect(app.app.get(ScanRecorder).fallbackCount).toBe(0);
  });
});

describe('scan recording while Redis is frozen (issue 31: the breaker)', () => {
  const redis = new PrivateRedis();
  let app: TestApp;
  // A command waits this long before it counts as failed; the breaker then keeps scans off Redis far longer than
  // the test, so every scan after the first goes direct. Without the breaker each would wait the whole timeout.
  const TIMEOUT_MS = 4000;
  beforeAll(async () => {
    await redis.start();
    app = await startTestApp({ REDIS_URL: redis.url, REDIS_TIMEOUT_MS: String(TIMEOUT_MS), SCAN_REDIS_BREAK_MS: '600000' });
  });
  afterAll(async () => {
    await app?.close();
    await redis.destroy();
  });

  it('waits for the timeout once, then answers the next scans from the event store without waiting for Redis', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://example.com/frozen' });
    const client = new TestClient(app.url);
    const scan = () => client.request('GET', `/d/${code.shortCode}`, { headers: { 'user-agent': BROWSER_UA } });
    const thawed = redis.freeze(3 * TIMEOUT_MS); // frozen past the first scan and the nine after it
    try {
      const first = await scan();
      expect(first.status).toBe(302);
      const started = performance.now();
      for (let i = 0; i < 9; i++) expect((await scan()).status).toBe(302);
      // Nine scans that each waited for Redis would take 9 x TIMEOUT_MS at least.
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS);
    } finally {
      await thawed;
    }
    const events = await waitForEvents(app.app, `scans-${code.qrId}`, 10);
    expect(events).toHaveLength(10);
    expect(app.app.get(ScanRecorder).fallbackCount).toBe(10);
  }, 60_000);

  it("does not hold one code's scans behind another's append waiting on its stream's lock (direct appends in parallel)", async () => {
    const slow = await createCodeByEvents(app.app, { destination: 'https://example.com/slow' });
    const other = await createCodeByEvents(app.app, { destination: 'https://example.com/other' });
    const client = new TestClient(app.url);
    const scan = (shortCode: string) => client.request('GET', `/d/${shortCode}`, { headers: { 'user-agent': BROWSER_UA } });
    const thawed = redis.freeze(15_000); // the breaker is open since the test before: every scan goes direct
    const watcher = app.db.pool({ max: 2 });
    const lock = await watcher.connect();
    let slowAnswer: Promise<{ status: number }> | null = null;
    try {
      expect((await scan(slow.shortCode)).status).toBe(302); // its stream exists now
      // Held briefly: an open transaction holds back $all readers of every database on this server.
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM event_streams WHERE stream_id = $1 FOR UPDATE', [`scans-${slow.qrId}`]);
      slowAnswer = scan(slow.shortCode);
      let slowDone = false;
      void slowAnswer.then(() => (slowDone = true));
      // Its append is in flight, waiting on the lock.
      await until(
        async () =>
          Number(
            (
              await watcher.query(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
              )
            ).rows[0].n,
          ) > 0,
        'the direct append waits on the locked stream',
      );
      const otherAnswer = await Promise.race([
        scan(other.shortCode),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000)),
      ]);
      // One direct append at a time kept it behind the locked one until the lock went.
      expect(otherAnswer?.status).toBe(302);
      expect(slowDone).toBe(false);
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }
    expect((await slowAnswer)?.status).toBe(302);
    await thawed;
    expect(await waitForEvents(app.app, `scans-${slow.qrId}`, 2)).toHaveLength(2);
    expect(await waitForEvents(app.app, `scans-${other.qrId}`, 1)).toHaveLength(1);
  }, 60_000);
});
