import { parseEnv } from '../config/env';
import { createRedis } from '../redis/redis.module';
import { CheckoutRateLimit } from './checkout-rate-limit';

/** Issue 27 item 4: with Redis unreachable the checkout still counts, in this process's memory, at its production limit. */
describe('CheckoutRateLimit without Redis', () => {
  it('refuses the 31st checkout from one IP', async () => {
    const dead = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_TIMEOUT_MS: 100 }, 'checkout-limit-dead');
    try {
      const checkout = new CheckoutRateLimit(dead, parseEnv({ NODE_ENV: 'development' }), 'postgres://x/checkout_limit_spec');
      for (let i = 0; i < 30; i++) await expect(checkout.hit('192.0.2.1')).resolves.toBeUndefined();
      await expect(checkout.hit('192.0.2.1')).rejects.toMatchObject({ status: 429 });
    } finally {
      dead.disconnect();
    }
  });
});
