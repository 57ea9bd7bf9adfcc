import { BROWSER_UA, createCodeByEvents, waitForEvents } from './scan-fixtures';
import { SCAN_EVENTS } from './scan.events';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { parseEnv } from '../config/env';
import { parseTrustProxy, TRUST_PROXY_TRUE } from '../common/client-ip';

describe('TRUST_PROXY', () => {
  it("takes Express's forms: false, a hop count, a list of IPs/CIDRs; refuses true and garbage", () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_TRUE);
    expect(() => parseEnv({ TRUST_PROXY: 'not-an-ip' })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
  });
});

describe('visitor hashes on /d/ behind one trusted proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  it('a spoofed left-most X-Forwarded-For hop does not change the visitor; the right-most (the proxy saw it) does', async () => {
    const code = await createCodeByEvents(app.app, { destination: 'https://example.com/visitors' });
    const client = new TestClient(app.url);
    const scan = (forwardedFor: string) =>
      client.get(`/d/${code.shortCode}`, { headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': forwardedFor } });
    expect((await scan('81.2.69.142')).status).toBe(302);
    expect((await scan('1.1.1.1, 81.2.69.142')).status).toBe(302);
    expect((await scan('8.8.8.8, 9.9.9.9, 81.2.69.142')).status).toBe(302);
    expect((await scan('81.2.69.142, 81.2.69.200')).status).toBe(302);
    const events = await waitForEvents(app.app, `scans-${code.qrId}`, 4);
    const hashes = SCAN_EVENTS.among(events).map((event) => event.data.visitorHash);
    expect(hashes[1]).toBe(hashes[0]);
    expect(hashes[2]).toBe(hashes[0]);
    expect(hashes[3]).not.toBe(hashes[0]);
  });
});
