import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148';

/** Issue 33: PUT/GET .../routing, its validation, If-Match, the event in History, destination-at and simulate. */
describe('routing of a dynamic code over HTTP', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
  });
  // A user per test: a trial account has 12 dynamic codes.
  beforeEach(async () => {
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  async function createCode(destination = 'https://example.com/home'): Promise<{ id: string; shortCode: string }> {
    const res = await client.post('/api/dynamic-qrcodes', { qrType: 'url', destination, qrData: { url: destination } });
    expect(res.status).toBe(201);
    return res.body as { id: string; shortCode: string };
  }

  const ROUTING = {
    rules: [
      {
        when: { country: ['de', 'AT'], device: ['mobile'], timeZone: 'Europe/Berlin', hours: { from: '09:00', to: '17:30' } },
        destination: 'https://example.com/de',
      },
      { when: { language: ['fr'] }, destination: 'https://example.com/fr' },
    ],
    split: [
      { destination: 'https://example.com/a', weight: 70 },
      { destination: 'https://example.com/b', weight: 30 },
    ],
    limits: { maxScans: 1000, validUntil: '2030-01-01T00:00:00Z', afterLimit: 'https://example.com/over' },
  };

  it('PUT stores one QrRoutingChanged and answers the routing with its ETag; GET answers the same; History tells it', async () => {
    const code = await createCode();
    const empty = await client.get(`/api/dynamic-qrcodes/${code.id}/routing`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ version: 0 });
    expect(empty.headers.etag).toBe('"0"');

    const put = await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, ROUTING, { headers: { 'if-match': '"0"' } });
    expect(put.status).toBe(200);
    const stored = {
      ...ROUTING,
      rules: [{ ...ROUTING.rules[0], when: { ...ROUTING.rules[0].when, country: ['DE', 'AT'] } }, ROUTING.rules[1]],
    };
    expect(put.body).toEqual({ ...stored, version: 1 });
    expect(put.headers.etag).toBe('"1"');

    const got = await client.get(`/api/dynamic-qrcodes/${code.id}/routing`);
    expect(got.body).toEqual({ ...stored, version: 1 });
    expect(got.headers.etag).toBe('"1"');

    const events = await testEvents(app.app).store.readStream(`qr-${code.id}`);
    expect(events.map((event) => event.type)).toEqual(['QrCreated', 'QrRoutingChanged']);
    expect(events[1].data).toEqual({ qrId: code.id, before: null, after: stored });

    // The same routing again records nothing.
    const again = await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, ROUTING);
    expect(again.body.version).toBe(1);

    const history = await client.get(`/api/qrcodes/${code.id}/history`);
    const entry = (history.body as { type: string; summary: string }[]).find((e) => e.type === 'QrRoutingChanged');
    expect(entry?.summary).toBe('Routing set: 2 rules, a split of 2, a cap of 1000 scans, a validity window');

    // An empty routing removes it.
    const removed = await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, {});
    expect(removed.body).toEqual({ version: 2 });
  });

  it('a stale If-Match answers 412 and changes nothing', async () => {
    const code = await createCode();
    expect((await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, { split: ROUTING.split })).status).toBe(200);
    const stale = await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, ROUTING, { headers: { 'if-match': '"0"' } });
    expect(stale.status).toBe(412);
    const got = await client.get(`/api/dynamic-qrcodes/${code.id}/routing`);
    expect(got.body).toEqual({ split: ROUTING.split, version: 1 });
  });

  it.each([
    [{ split: [{ destination: 'https://example.com/a', weight: 60 }] }, 'split', 'Split weights must add up to 100'],
    [
      { rules: [{ when: { country: ['Germany'] }, destination: 'https://example.com' }] },
      'rules.0.when.country.0',
      'Country must be a two-letter country code such as DE',
    ],
    [
      { rules: [{ when: { device: ['phone'] }, destination: 'https://example.com' }] },
      'rules.0.when.device.0',
      'Device must be one of mobile, tablet, desktop',
    ],
    [
      { rules: [{ when: { timeZone: 'Mars/Olympus' }, destination: 'https://example.com' }] },
      'rules.0.when.timeZone',
      'Time zone must be an IANA zone such as Europe/Berlin',
    ],
    [
      { rules: [{ when: { hours: { from: '9am', to: '17:00' } }, destination: 'https://example.com' }] },
      'rules.0.when.hours.from',
      'Hours from must be a time such as 09:00',
    ],
    [
      { rules: [{ when: { weekdays: [0] }, destination: 'https://example.com' }] },
      'rules.0.when.weekdays.0',
      'Weekdays are numbers from 1 (Monday) to 7 (Sunday)',
    ],
    [{ rules: [{ when: { colour: 'red' }, destination: 'https://example.com' }] }, 'rules.0.when', undefined],
    [{ rules: Array.from({ length: 26 }, () => ({ destination: 'https://example.com' })) }, 'rules', 'At most 25 rules'],
    [{ rules: [{ destination: 'ftp://example.com/file' }] }, 'rules.0.destination', 'URL must use http or https protocol'],
    [{ split: [{ destination: 'http://127.0.0.1/admin', weight: 100 }] }, 'split.0.destination', undefined],
    [{ limits: { maxScans: 0 } }, 'limits.maxScans', 'Max scans must be a whole number of at least 1'],
    [
      { limits: { validFrom: '2027-01-01T00:00:00Z', validUntil: '2026-01-01T00:00:00Z' } },
      'limits.validUntil',
      'Valid until must be after valid from',
    ],
    [{ limits: { afterLimit: 'not a url' } }, 'limits.afterLimit', undefined],
  ])('400 naming the field, nothing stored: %j', async (body, field, message) => {
    const code = await createCode();
    const res = await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, body);
    expect(res.status).toBe(400);
    const fields = (res.body as { errors?: Record<string, string> }).errors ?? {};
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toBe(message);
    expect((await testEvents(app.app).store.readStream(`qr-${code.id}`)).map((e) => e.type)).toEqual(['QrCreated']);
  });

  it("another user's code and a static code are not found", async () => {
    const code = await createCode();
    const other = new TestClient(app.url);
    await signUp(other);
    expect((await other.put(`/api/dynamic-qrcodes/${code.id}/routing`, ROUTING)).status).toBe(404);
    expect((await other.get(`/api/dynamic-qrcodes/${code.id}/routing`)).status).toBe(404);
    const stat = await client.post('/api/qrcodes', { qrType: 'url', qrData: { url: 'https://example.com' } });
    expect(stat.status).toBe(201);
    expect((await client.put(`/api/dynamic-qrcodes/${stat.body.id}/routing`, ROUTING)).status).toBe(404);
  });

  it('destination-at answers the destination, routing and version live at each moment, after three changes', async () => {
    const code = await createCode('https://example.com/one');
    expect((await client.put(`/api/dynamic-qrcodes/${code.id}`, { destination: 'https://example.com/two' })).status).toBe(200);
    expect((await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, { split: ROUTING.split })).status).toBe(200);
    expect((await client.put(`/api/dynamic-qrcodes/${code.id}`, { destination: 'https://example.com/three' })).status).toBe(200);
    const events = await testEvents(app.app).store.readStream(`qr-${code.id}`);
    expect(events.map((e) => e.type)).toEqual(['QrCreated', 'QrDestinationChanged', 'QrRoutingChanged', 'QrDestinationChanged']);
    const at = (i: number) =>
      client.get(`/api/dynamic-qrcodes/${code.id}/destination-at?at=${encodeURIComponent(events[i].metadata.occurredAt)}`);
    expect((await at(0)).body).toEqual({ destination: 'https://example.com/one', routing: null, version: 0 });
    expect((await at(1)).body).toEqual({ destination: 'https://example.com/two', routing: null, version: 1 });
    expect((await at(2)).body).toEqual({ destination: 'https://example.com/two', routing: { split: ROUTING.split }, version: 2 });
    expect((await at(3)).body).toEqual({ destination: 'https://example.com/three', routing: { split: ROUTING.split }, version: 3 });
    const before = await client.get(`/api/dynamic-qrcodes/${code.id}/destination-at?at=2000-01-01T00:00:00Z`);
    expect(before.status).toBe(400);
    expect((await client.get(`/api/dynamic-qrcodes/${code.id}/destination-at?at=yesterday`)).body.errors).toEqual({
      at: 'At must be a date and time such as 2026-12-01T00:00:00Z',
    });
  });

  it('simulate answers the rule, the split arm or the limit for the given scan', async () => {
    const code = await createCode();
    expect((await client.put(`/api/dynamic-qrcodes/${code.id}/routing`, ROUTING)).status).toBe(200);
    const simulate = (body: Record<string, unknown>) => client.post(`/api/dynamic-qrcodes/${code.id}/simulate`, body);
    // Wednesday 10:00 in Berlin.
    const rule1 = await simulate({ userAgent: IPHONE, country: 'AT', language: 'de-AT', at: '2026-12-02T09:00:00Z' });
    expect(rule1.status).toBe(200);
    expect(rule1.body).toEqual({
      destination: 'https://example.com/de',
      matched: 'rule 1',
      explanation: 'Rule 1 matched: country AT, device mobile, local time Wed 10:00 in Europe/Berlin.',
    });
    const fr = await simulate({ userAgent: IPHONE, country: 'AT', language: 'fr-FR,fr;q=0.9', at: '2026-12-02T20:00:00Z' });
    expect(fr.body).toMatchObject({ destination: 'https://example.com/fr', matched: 'rule 2' });
    const arm = await simulate({ userAgent: IPHONE, country: 'US', visitor: 'someone' });
    expect(['split a', 'split b']).toContain(arm.body.matched);
    // The cap's count is the redirect's live one, not the caller's: a count in the body is refused.
    expect((await simulate({ humanScans: 1000 })).status).toBe(400);
    expect((await simulate({ at: '2030-01-01T00:00:00Z' })).body).toMatchObject({ matched: 'expired' });
    expect((await simulate({ country: 'Deutschland' })).body.errors).toEqual({
      country: 'Country must be a two-letter country code such as DE',
    });
  });
});
