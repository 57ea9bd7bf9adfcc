import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PDF_MINI, postMultipart } from '../codes.test-kit';

/** Issue 14 item 6: browsers send multipart file names in UTF-8 (RFC 7578); they are kept, not decoded as latin1. */
describe('POST /api/upload-pdf: file names', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url, { origin: app.url });
    await signUp(client);
  });
  afterAll(() => app.close());

  it('keeps a non-ASCII file name as sent', async () => {
    const res = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'Menu' }, [
      { name: 'pdfFile', filename: 'Menü Café 🦈.pdf', contentType: 'application/pdf', data: PDF_MINI },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.fileName).toBe('Menü Café 🦈.pdf');
  });
});
