import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let poolAt = pool.length;
let lastMs = -1;
let sequence = 0;

/**
 * RFC 9562 UUID version 7: 48-bit Unix milliseconds, then a 12-bit sequence that keeps ids made in the same
 * millisecond in order, then 62 random bits. Our own because the hot path makes one per scan: random bytes come
 * from a pooled buffer, and `uuid`'s v7 measured 4 to 5 times slower here (about 2.8 us an id against 0.6 us).
 */
export function uuidv7(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    if (poolAt + 2 > pool.length) refill();
    sequence = pool.readUInt16BE(poolAt) & 0x7ff;
    poolAt += 2;
  } else if (++sequence > 0xfff) {
    lastMs += 1;
    sequence = 0;
  }
  if (poolAt + 8 > pool.length) refill();
  pool[poolAt] = (pool[poolAt] & 0x3f) | 0x80;
  const random = pool.toString('hex', poolAt, poolAt + 8);
  poolAt += 8;
  const time = lastMs.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence.toString(16).padStart(3, '0')}-${random.slice(0, 4)}-${random.slice(4)}`;
}

function refill() {
  randomFillSync(pool);
  poolAt = 0;
}
