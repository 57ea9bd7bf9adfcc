import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envSchema, EnvError, parseEnv } from './env';

describe('settings', () => {
  it('.env.example documents every setting the backend reads', () => {
    const example = readFileSync(join(__dirname, '..', '..', '..', '.env.example'), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const missing = Object.keys(envSchema.shape).filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('runs on defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      ROLE: 'all',
      EVENT_STORE: 'postgres',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRIAL_DYNAMIC_LIMIT: 12,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad setting in one readable error', () => {
    expect(() => parseEnv({ PORT: 'eighty', ROLE: 'boss', SESSION_SECRET: 'short' })).toThrow(EnvError);
    try {
      parseEnv({ PORT: 'eighty', ROLE: 'boss', SESSION_SECRET: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/ROLE/);
      expect((error as Error).message).toMatch(/SESSION_SECRET/);
    }
  });

  it('NODE_ENV=production refuses missing and published secrets; development and tests run on the defaults', () => {
    const strong = {
      SESSION_SECRET: 'x'.repeat(64),
      VISITOR_HASH_SALT: 'y'.repeat(64),
      PERSONAL_DATA_KEY: 'z'.repeat(64),
      STREAM_NAME_SALT: 'w'.repeat(64),
    };
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is not set and VISITOR_HASH_SALT is not set/);
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, SESSION_SECRET: 'dev-only-session-secret-change-me' })).toThrow(
      /SESSION_SECRET is a published example value\. .*openssl rand -hex 32/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, VISITOR_HASH_SALT: 'change-me-too' })).toThrow(
      /: VISITOR_HASH_SALT is a published example value\./,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, PERSONAL_DATA_KEY: undefined })).toThrow(
      /: PERSONAL_DATA_KEY is not set\. .*PERSONAL_DATA_KEY and STREAM_NAME_SALT in the environment/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, PERSONAL_DATA_KEY: 'dev-only-personal-data-key-change-me' })).toThrow(
      /: PERSONAL_DATA_KEY is a published example value\./,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, STREAM_NAME_SALT: undefined })).toThrow(
      /: STREAM_NAME_SALT is not set\. .*STREAM_NAME_SALT in the environment/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...strong, STREAM_NAME_SALT: 'dev-only-stream-name-salt-change-me' })).toThrow(
      /: STREAM_NAME_SALT is a published example value\./,
    );
    expect(parseEnv({ NODE_ENV: 'production', ...strong }).SESSION_SECRET).toBe(strong.SESSION_SECRET);
    expect(parseEnv({ NODE_ENV: 'production', ...strong }).STREAM_NAME_SALT).toBe(strong.STREAM_NAME_SALT);
    expect(parseEnv({}).STREAM_NAME_SALT).toBe('dev-only-stream-name-salt-change-me');
    expect(parseEnv({}).PERSONAL_DATA_KEY).toBe('dev-only-personal-data-key-change-me');
    expect(parseEnv({}).SESSION_SECRET).toBe('dev-only-session-secret-change-me');
    expect(parseEnv({ NODE_ENV: 'test' }).VISITOR_HASH_SALT).toBe('dev-only-visitor-salt');
  });

  it('parses the QRS_NO_* switches once: off by default, 1/true on, anything else named as a bad setting', () => {
    expect(parseEnv({})).toMatchObject({ QRS_NO_RUNNERS: false, QRS_NO_INGESTER: false, QRS_NO_MAIL: false });
    expect(parseEnv({ QRS_NO_RUNNERS: '1', QRS_NO_INGESTER: 'true', QRS_NO_MAIL: '0' })).toMatchObject({
      QRS_NO_RUNNERS: true,
      QRS_NO_INGESTER: true,
      QRS_NO_MAIL: false,
    });
    expect(() => parseEnv({ QRS_NO_MAIL: 'please' })).toThrow(/QRS_NO_MAIL/);
  });
});
