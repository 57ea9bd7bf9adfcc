import { parseEnv } from '../config/env';
import { createRedis } from '../redis/redis.module';
import { ContactRateLimit } from './contact-rate-limit';

/** Issue 27 item 4: with Redis unreachable the contact form still counts, in this process's memory, at its production limit. */
describe('ContactRateLimit without Redis', () => {
  it('refuses the 6th message from one IP and lets another IP through', async () => {
    const dead = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_TIMEOUT_MS: 100 }, 'contact-limit-dead');
    try {
      const contact = new ContactRateLimit(dead, parseEnv({ NODE_ENV: 'development' }), 'postgres://x/contact_limit_spec');
      for (let i = 0; i < 5; i++) await expect(contact.hit('192.0.2.1')).resolves.toBeUndefined();
      await expect(contact.hit('192.0.2.1')).rejects.toMatchObject({ status: 429 });
      await expect(contact.hit('192.0.2.2')).resolves.toBeUndefined();
    } finally {
      dead.disconnect();
    }
  });
});
