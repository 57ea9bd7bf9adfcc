import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from '../../config/env';
import { attemptLimits } from './rate-limiter';

describe('sign-in limits', () => {
  it(".env.example's sign-in limit figures are the ones the code uses when they are not set", () => {
    const example = readFileSync(join(__dirname, '..', '..', '..', '..', '.env.example'), 'utf8');
    const figure = (name: string) => Number(new RegExp(`^#?\\s?${name}=(\\d+)`, 'm').exec(example)?.[1]);
    const limits = attemptLimits(
      parseEnv({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-secret-for-tests',
        VISITOR_HASH_SALT: 'a-production-salt',
        PERSONAL_DATA_KEY: 'a-production-personal-data-key',
        STREAM_NAME_SALT: 'a-production-stream-name-salt',
      }),
    );
    expect({
      perIp: figure('AUTH_RATE_LIMIT_PER_IP'),
      perUsername: figure('AUTH_RATE_LIMIT_PER_USERNAME'),
      windowSeconds: figure('AUTH_RATE_LIMIT_WINDOW_SECONDS'),
    }).toEqual(limits);
  });
});
