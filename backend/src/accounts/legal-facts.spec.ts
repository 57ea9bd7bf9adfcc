// The Privacy page's cookie table (frontend/src/site/legal/legal-facts.ts) against the constants that set the cookies:
// a renamed cookie or a changed lifetime fails here until the page says the same (issue 30 item 9).
import { COOKIE_FACTS } from '../../../frontend/src/site/legal/legal-facts';
import { DEVICE_COOKIE, DEVICE_COOKIE_OPTIONS } from './device-cookies';
import { GOOGLE_STATE_COOKIE, GOOGLE_STATE_COOKIE_OPTIONS } from './google/google-state.store';
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
