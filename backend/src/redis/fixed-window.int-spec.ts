import { FixedWindowCounter } from './fixed-window';
import { createRedis } from './redis.module';

/** The in-memory fallback of rate limits (issue 27 item 4), against a Redis that does not answer. */
describe('FixedWindowCounter without Redis', () => {
  const dead = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_TIMEOUT_MS: 100 }, 'fixed-window-dead');
  afterAll(() => dead.disconnect());

  it('counts per key in windows that end, and a reset forgets the key', async () => {
    const counter = new FixedWindowCounter(dead, 'test');
    const t0 = 1_000_000;
    expect([await counter.hit('a', 60, t0), await counter.hit('a', 60, t0 + 1), await counter.hit('b', 60, t0 + 2)]).toEqual([1, 2, 1]);
    expect(await counter.hit('a', 60, t0 + 60_000)).toBe(1); // the window ended
    await counter.reset('a');
    expect(await counter.hit('a', 60, t0 + 60_001)).toBe(1);
  });

  it('keeps at most maxKeys keys: expired windows go first, then the oldest', async () => {
    const counter = new FixedWindowCounter(dead, 'test', { maxKeys: 3 });
    const t0 = 2_000_000;
    await counter.hit('short', 1, t0);
    await counter.hit('old', 600, t0);
    await counter.hit('old', 600, t0);
    await counter.hit('new', 600, t0);
    await counter.hit('newer', 600, t0 + 2000); // full: 'short' has expired and goes
    expect(counter.memoryKeys).toBe(3);
    expect(await counter.hit('old', 600, t0 + 2001)).toBe(3);
    await counter.hit('newest', 600, t0 + 2002); // full, nothing expired: the oldest window ('old') goes
    expect(counter.memoryKeys).toBe(3);
    expect(await counter.hit('old', 600, t0 + 2003)).toBe(1);
  });
});
