import { ENV, Env } from '../config/env';
import { createRedis } from '../redis/redis.module';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { BulkRateLimit } from './bulk-rate-limit';

const BULK = '/api/bulk-generate-qrcode';
const LIMIT = 12;
/** What the bulk page sends for one line. */
const line = (qrType: 'url' | 'text', data: string, fgColor = '#000000', bgColor = '#FFFFFF') => ({
  qrType,
  qrData: qrType === 'url' ? { url: data } : { data },
  fgColor,
  bgColor,
  data,
});

describe('POST /api/bulk-generate-qrcode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ BULK_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => app.close());

  it('401 when signed out', async () => {
    const res = await new TestClient(app.url).post(BULK, line('url', 'https://example.com'));
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication required');
  });

  it('url and text lines answer {qrCode} with the SVG in the chosen colours', async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    const url = await client.post(BULK, line('url', 'https://example.com/product/1', '#1E40AF', '#FFFFFF'));
    expect(url.status).toBe(200);
    expect(Object.keys(url.body)).toEqual(['qrCode']);
    expect(url.body.qrCode).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
    expect(url.body.qrCode).toContain('#1E40AF');

    const text = await client.post(BULK, line('text', 'ASSET-0001'));
    expect(text.status).toBe(200);
    expect(text.body.qrCode).toMatch(/^<svg[\s\S]*<path/);
    expect(text.body.qrCode).not.toBe(url.body.qrCode);
    // Without colours: the spec's defaults, black on white.
    const plain = await client.post(BULK, { qrType: 'text', data: 'ASSET-0002' });
    expect(plain.status).toBe(200);
  });

  it('400 with the spec messages for bad lines, unreadable colours and oversized data', async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    const cases: [unknown, string, string][] = [
      [line('url', ''), 'url', 'URL is required'],
      [line('url', 'not a url'), 'url', 'Please enter a valid URL'],
      [line('url', 'ftp://example.com/file'), 'url', 'URL must use http or https protocol'],
      [line('text', '   '), 'text', 'Text is required'],
      [line('text', 'x'.repeat(2001)), 'text', 'Text must be at most 2000 characters'],
      [{ ...line('text', 'abc'), qrType: 'wifi' }, 'qrType', 'qrType must be url or text'],
      [line('text', 'abc', 'black'), 'fgColor', 'Colour must be a hex colour such as #1A2B3C'],
      [line('text', 'abc', '#EEEEEE', '#FFFFFF'), 'fgColor', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.post(BULK, body);
      expect({ status: res.status, field: typeof res.body.errors?.[field] }).toEqual({ status: 400, field: 'string' });
      if (message) expect(res.body.errors[field]).toBe(message);
      expect(res.body.message).toBe(res.body.errors[field]);
    }
    // Too big for a QR code at all (the encoder's capacity, under the length bound).
    const big = await client.post(BULK, line('text', '漢'.repeat(1500)));
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The amount of data is too big to be stored in a QR Code');
  });

  it(`429 past BULK_RATE_LIMIT_PER_MINUTE (${LIMIT}) per user; another user is not affected`, async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await client.post(BULK, line('text', `item ${i}`))).status);
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const refused = await client.post(BULK, line('text', 'one more'));
    expect(refused.body.message).toBe(`Too many QR codes in a short time (at most ${LIMIT} a minute). Please wait a moment and try again.`);

    const other = new TestClient(app.url);
    await signUp(other);
    expect((await other.post(BULK, line('text', 'fresh'))).status).toBe(200);
  });

  it('fails closed when Redis does not answer: counted in memory with the same limit (issue 27)', async () => {
    const env = app.app.get<Env>(ENV);
    const dead = createRedis({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_TIMEOUT_MS: 100 }, 'bulk-dead');
    try {
      const limiter = new BulkRateLimit(dead, { ...env, BULK_RATE_LIMIT_PER_MINUTE: 2 }, app.db.url);
      for (let i = 0; i < 2; i++) await expect(limiter.hit('someone')).resolves.toBeUndefined();
      await expect(limiter.hit('someone')).rejects.toMatchObject({ status: 429 });
      await expect(limiter.hit('someone else')).resolves.toBeUndefined();
    } finally {
      dead.disconnect();
    }
  });
});
