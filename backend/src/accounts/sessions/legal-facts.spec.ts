// The Privacy page's cookie table (frontend/src/site/legal/legal-facts.ts) against the constants that set the cookies:
// a renamed cookie or a changed lifetime fails here until the page says the same (issue 30 item 9).
import {
  COOKIE_FACTS,
  lifetime,
  MAIL_RECIPIENT_RETENTION_DEFAULT_DAYS,
  SESSION_IDLE_DEFAULT_MS,
  VISITOR_HASH_RETENTION_DEFAULT_DAYS,
} from '../../../../frontend/src/site/legal/legal-facts';
import { parseEnv } from '../../config/env';
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS } from './device-cookies';
import { GOOGLE_STATE_COOKIE, GOOGLE_STATE_COOKIE_OPTIONS } from '../google/google-state.store';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from './session.middleware';

describe('the Privacy page names every cookie the product sets, with its lifetime and path', () => {
  const facts = new Map(COOKIE_FACTS.map((fact) => [fact.name, fact]));

  it('lists exactly the session, device and Google state cookies', () => {
    expect([...facts.keys()].sort()).toEqual([DEVICE_COOKIE, GOOGLE_STATE_COOKIE, SESSION_COOKIE].sort());
  });

  it.each([
    [SESSION_COOKIE, { maxAgeMs: SESSION_MAX_AGE_MS, path: '/' }],
    [DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS],
    [GOOGLE_STATE_COOKIE, GOOGLE_STATE_COOKIE_OPTIONS],
  ])('%s: the lifetime and path the code sets', (name, options) => {
    expect({ maxAgeMs: facts.get(name)?.maxAgeMs, path: facts.get(name)?.path }).toEqual({
      maxAgeMs: options.maxAgeMs,
      path: options.path,
    });
  });
});

describe('the Privacy page says when a session ends', () => {
  it('after the idle timeout the settings default to', () => {
    expect(SESSION_IDLE_DEFAULT_MS).toBe(parseEnv({ NODE_ENV: 'development' }).SESSION_IDLE_TIMEOUT_SECONDS * 1000);
  });

  it('writes lifetimes as people do', () => {
    expect([lifetime(14 * 86_400_000), lifetime(86_400_000), lifetime(3_600_000), lifetime(600_000)]).toEqual([
      '14 days',
      '24 hours',
      '1 hour',
      '10 minutes',
    ]);
  });
});

describe('the Privacy page states the retention defaults (issue 32 item 4)', () => {
  it('visitor hashes and mail recipients are kept as long as the settings default to', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    expect({ visitors: VISITOR_HASH_RETENTION_DEFAULT_DAYS, mail: MAIL_RECIPIENT_RETENTION_DEFAULT_DAYS }).toEqual({
      visitors: env.VISITOR_HASH_RETENTION_DAYS,
      mail: env.MAIL_RECIPIENT_RETENTION_DAYS,
    });
  });
});
