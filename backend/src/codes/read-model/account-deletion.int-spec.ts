import { DataSource } from 'typeorm';
import { ProjectionsService } from '../../projections/projections.service';
import { rebuildProjection } from '../../projections/rebuild';
import { testEvents } from '../../test-support/events';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PDF_MINI, postMultipart } from '../codes.test-kit';

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('deleting an account stops every code of the account', () => {
  let app: TestApp;
  beforeAll(async () => {
    // An hour-long redirect cache: only the invalidation that follows UserDeleted can make a cached code stop.
    app = await startTestApp({ SCAN_CACHE_TTL_MS: String(3_600_000) });
  });
  afterAll(() => app.close());

  async function account() {
    const client = new TestClient(app.url);
    const user = await signUp(client);
    expect((await client.post('/api/activate-trial', { email: user.email })).status).toBe(200);
    const dynamic = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://shop.example/menu' });
    expect(dynamic.status).toBe(201);
    const upload = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'Menu' }, [
      { name: 'pdfFile', filename: 'menu.pdf', contentType: 'application/pdf', data: PDF_MINI },
    ]);
    expect(upload.status).toBe(201);
    const pdf = await postMultipart(client, '/api/qrcodes', { qrType: 'pdf', title: 'Menu', pdfUrl: upload.body.pdfUrl });
    expect(pdf.status).toBe(201);
    const payment = await postMultipart(client, '/api/qrcodes', {
      qrType: 'payment',
      productName: 'Coffee',
      productPrice: '3.50',
      productDescription: 'A cup',
    });
    expect(payment.status).toBe(201);
    const urls = {
      redirect: `/d/${dynamic.body.shortCode as string}`,
      pdfPage: `/pdf/${upload.body.id as string}`,
      pdfFile: upload.body.pdfUrl as string,
      product: `/api/payment-product/${payment.body.id as string}`,
    };
    return { client, user, urls };
  }

  const statuses = async (client: TestClient, urls: Record<string, string>) =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(urls).map(async ([name, url]) => [name, (await client.get(url, { headers: { 'user-agent': BROWSER_UA } })).status]),
      ),
    ) as Record<string, number>;

  it(
    'after POST /api/delete-account answers, /d/{code}, /pdf/{id}, its file and /api/payment-product/{id} all answer 404 (cached ' +
      'redirect too)',
    async () => {
      const { client, user, urls } = await account();
      const visitor = new TestClient(app.url);
      // Every URL works, and the redirect's target is now cached in this process.
      expect(await statuses(visitor, urls)).toEqual({ redirect: 302, pdfPage: 200, pdfFile: 200, product: 200 });

      expect((await client.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);

      // The bound is the answer itself: the command waits for the projections that stop the codes.
      expect(await statuses(visitor, urls)).toEqual({ redirect: 404, pdfPage: 404, pdfFile: 404, product: 404 });
      const redirect = await visitor.get(urls.redirect, { headers: { 'user-agent': BROWSER_UA } });
      expect(redirect.headers['content-type']).toContain('text/html');

      const db = app.app.get(DataSource);
      const live = (await db.query(
        `SELECT (SELECT count(*)::int FROM qr_codes WHERE user_id::text = $1 AND NOT is_deleted)
            + (SELECT count(*)::int FROM dynamic_qr_codes WHERE user_id::text = $1 AND NOT is_deleted)
            + (SELECT count(*)::int FROM scan_targets WHERE user_id = $1::text AND NOT is_deleted) AS n`,
        [user.id],
      )) as { n: number }[];
      expect(live[0].n).toBe(0);

      // Replayable: the same events rebuilt into fresh tables give the same answers.
      const projections = app.app.get(ProjectionsService);
      for (const name of ['codes', 'scan_targets', 'uploaded-files'])
        await rebuildProjection(projections.get(name)!, testEvents(app.app).store, db);
      expect(await statuses(new TestClient(app.url), urls)).toEqual({ redirect: 404, pdfPage: 404, pdfFile: 404, product: 404 });
    },
  );

  it("another account's codes keep working", async () => {
    const kept = await account();
    const deleted = await account();
    expect((await deleted.client.post('/api/delete-account', { password: 'secret-password' })).status).toBe(200);
    expect(await statuses(new TestClient(app.url), kept.urls)).toEqual({ redirect: 302, pdfPage: 200, pdfFile: 200, product: 200 });
  });
});
