import { RedisBreaker } from './scan-recorder';

describe('RedisBreaker', () => {
  let now = 0;
  const breaker = () => new RedisBreaker(1000, () => now);
  beforeEach(() => {
    now = 10_000;
  });

  it('lets every batch try Redis while nothing failed', () => {
    const b = breaker();
    expect([b.tryRedis(), b.tryRedis(), b.tryRedis()]).toEqual([true, true, true]);
    expect(b.open).toBe(false);
  });

  it('after a failure sends batches direct for the break, then lets exactly one probe through', () => {
    const b = breaker();
    b.failed();
    expect(b.tryRedis()).toBe(false);
    now += 999;
    expect(b.tryRedis()).toBe(false);
    now += 1;
    expect(b.tryRedis()).toBe(true); // the probe
    expect(b.tryRedis()).toBe(false); // the others keep going direct while it is in flight
  });

  it('closes when the probe succeeds and opens for another break when it fails', () => {
    const b = breaker();
    b.failed();
    now += 1000;
    expect(b.tryRedis()).toBe(true);
    b.failed();
    now += 500;
    expect(b.tryRedis()).toBe(false);
    now += 500;
    expect(b.tryRedis()).toBe(true);
    b.succeeded();
    expect(b.open).toBe(false);
    expect([b.tryRedis(), b.tryRedis()]).toEqual([true, true]);
  });
});
