import { bootstrap } from '../../bootstrap';
import { testEvents } from '../../test-support/events';
import type { HttpResponse } from '../../test-support/http';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { dynamicForm, postMultipart } from '../codes.test-kit';
import { QR_EVENTS } from '../model/qr-code.events';

const LIMIT_12 = 'You have reached your limit of 12 dynamic QR codes. Please upgrade to create more.';

describe('dynamic codes, the trial and the cap', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('POST /api/dynamic-qrcodes answers id and an 8-character shortCode reserved on shortcode-{code}; lists and pause/resume', async () => {
    const client = new TestClient(app.url);
    expect((await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm('https://a.example'))).status).toBe(401);
    await signUp(client);
    const created = await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm('https://a.example/menu'));
    expect(created.status).toBe(201);
    expect(created.body.shortCode).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created.body).toMatchObject({
      qrType: 'url',
      destination: 'https://a.example/menu',
      scanCount: 0,
      isPaused: false,
      errorCorrectionLevel: 'M',
      link: `http://localhost:3000/d/${created.body.shortCode}`,
    });
    const store = testEvents(app.app).store;
    const reserved = await store.readStream(`shortcode-${created.body.shortCode}`);
    expect(reserved.map((e) => [e.type, e.data])).toEqual([
      ['ShortCodeReserved', { shortCode: created.body.shortCode, qrId: created.body.id }],
    ]);
    const [qrCreated] = QR_EVENTS.pick('QrCreated').among(await store.readStream(`qr-${created.body.id}`));
    expect(qrCreated.data).toMatchObject({
      qrId: created.body.id,
      mode: 'dynamic',
      qrType: 'url',
      shortCode: created.body.shortCode,
      destination: 'https://a.example/menu',
      fields: { url: 'https://a.example/menu' },
      errorCorrectionLevel: 'M',
      logoFileName: null,
      logoFilePath: null,
    });
    expect(Object.keys(qrCreated.data.style).sort()).toEqual(
      [
        'bgColor',
        'cornerShape',
        'dotShape',
        'enableFrame',
        'fgColor',
        'frameColor',
        'frameStyle',
        'frameText',
        'frameTextColor',
        'gradientColor',
        'innerCornerColor',
        'innerCornerShape',
        'outerCornerColor',
        'qrStyle',
      ].sort(),
    );

    // Static codes stay off the dynamic list and vice versa.
    expect((await client.get('/api/qrcodes')).body).toEqual([]);
    expect((await client.get('/api/dynamic-qrcodes')).body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);

    const update = await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: 'https://b.example/new' });
    expect(update.status).toBe(200);
    expect(update.body.destination).toBe('https://b.example/new');
    expect((await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: '' })).body).toMatchObject({
      message: 'URL is required',
    });
    expect((await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: 'not a url' })).body).toMatchObject({
      message: 'Please enter a valid URL',
    });
    expect((await client.put(`/api/dynamic-qrcodes/${created.body.id}`, { destination: 'javascript:alert(1)' })).status).toBe(400);

    expect((await client.post(`/api/dynamic-qrcodes/${created.body.id}/pause`)).body).toMatchObject({ isPaused: true });
    expect((await client.get('/api/dynamic-qrcodes/paused')).body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
    expect((await client.post(`/api/dynamic-qrcodes/${created.body.id}/resume`)).body).toMatchObject({ isPaused: false, pausedAt: null });
    expect((await client.get('/api/dynamic-qrcodes/paused')).body).toEqual([]);

    const svg = await client.get(`/api/qrcodes/${created.body.id}/download?format=svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.text).toMatch(/^<svg/);
    const png = await client.get(`/api/qrcodes/${created.body.id}/download?format=png`);
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.buffer.subarray(0, 4).toString('hex')).toBe('89504e47');
    expect(png.buffer.readUInt32BE(16)).toBeGreaterThanOrEqual(328 * 3 - 1);

    expect((await client.delete(`/api/dynamic-qrcodes/${created.body.id}`)).status).toBe(200);
    expect((await client.get('/api/dynamic-qrcodes')).body).toEqual([]);
  });

  it('a contact code made dynamic has no destination (its hosted page answers /d/) and a payment code points to its checkout', async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    const contact = await postMultipart(client, '/api/dynamic-qrcodes', {
      qrType: 'contact',
      qrData: JSON.stringify({ firstName: 'Ann', phoneNumber: '+1 555' }),
    });
    expect(contact.status).toBe(201);
    expect(contact.body.destination).toBeNull();
    const payment = await postMultipart(client, '/api/qrcodes', {
      qrType: 'payment',
      qrMode: 'dynamic',
      productName: 'Tea',
      productPrice: '2',
      productDescription: 'Green',
    });
    expect(payment.status).toBe(201);
    expect(payment.body.destination).toBe(`http://localhost:3000/payment?id=${payment.body.id}`);
  });

  it('GET /api/trial-status and POST /api/activate-trial: free cap before, 12 during, once per account', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    expect((await client.get('/api/trial-status')).body).toMatchObject({
      isActive: false,
      hasExpired: false,
      daysRemaining: 0,
      subscriptionStatus: 'free',
      dynamicQRUsed: 0,
      dynamicQRLimit: 3,
      canCreateDynamicQR: true,
    });
    expect((await client.post('/api/activate-trial', { email: '' })).body.message).toBe(
      'Please enter your email address to activate your free trial.',
    );
    const activated = await client.post('/api/activate-trial', { email: user.email });
    expect(activated.status).toBe(200);
    expect(activated.body.user).toMatchObject({ id: user.id, trialActivated: true });
    expect((await client.get('/api/trial-status')).body).toMatchObject({
      isActive: true,
      hasExpired: false,
      daysRemaining: 3,
      dynamicQRLimit: 12,
      canCreateDynamicQR: true,
    });
    const again = await client.post('/api/activate-trial', { email: user.email });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('You have already used your free trial.');
    const events = await testEvents(app.app).store.readStream(`user-${user.id}`);
    expect(events.filter((e) => e.type === 'TrialActivated')).toHaveLength(1);
  });

  it('the cap holds under a race: 30 concurrent creates on two API processes against 12 create exactly 12, the rest get 403', async () => {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    await client.post('/api/activate-trial', { email: user.email });
    // A second API process on the same database: in-process queues cannot help, only the event store decides.
    const second = await bootstrap({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: app.db.url,
      ROLE: 'api',
      UPLOAD_DIR: app.env.UPLOAD_DIR,
    });
    const other = new TestClient(second.url!);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    let results: HttpResponse[];
    try {
      results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          postMultipart(i % 2 ? other : client, '/api/dynamic-qrcodes', dynamicForm(`https://race.example/${i}`)),
        ),
      );
    } finally {
      await second.close();
    }
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    expect(statuses.filter((s) => s === 403)).toHaveLength(18);
    expect(results.find((r) => r.status === 403)!.body.message).toBe(LIMIT_12);
    expect((await client.get('/api/dynamic-qrcodes')).body).toHaveLength(12);
    expect((await client.get('/api/trial-status')).body).toMatchObject({
      dynamicQRUsed: 12,
      dynamicQRLimit: 12,
      canCreateDynamicQR: false,
    });
    const codes = new Set(results.filter((r) => r.status === 201).map((r) => r.body.shortCode));
    expect(codes.size).toBe(12);
    // Deleting frees a slot.
    const one = results.find((r) => r.status === 201)!.body.id;
    await client.delete(`/api/dynamic-qrcodes/${one}`);
    expect((await client.get('/api/trial-status')).body).toMatchObject({ dynamicQRUsed: 11, canCreateDynamicQR: true });
  }, 60_000);

  it('without a trial the free cap (FREE_DYNAMIC_LIMIT 3) applies', async () => {
    const client = new TestClient(app.url);
    await signUp(client);
    for (let i = 0; i < 3; i++)
      expect((await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm(`https://free.example/${i}`))).status).toBe(201);
    const refused = await postMultipart(client, '/api/dynamic-qrcodes', dynamicForm('https://free.example/4'));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.');
  });
});
