import { existsSync, readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PDF_MINI, PNG_1x1, postMultipart, SVG_LOGO, SVG_SCRIPT } from '../codes.test-kit';

describe('uploads: PDF pages, image galleries, logos', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp({
      MAX_PDF_BYTES: String(64 * 1024),
      MAX_LOGO_BYTES: String(4 * 1024),
      MAX_IMAGE_BYTES: String(16 * 1024),
    });
    client = new TestClient(app.url);
    await signUp(client);
  });
  afterAll(() => app.close());

  it(
    'POST /api/upload-pdf stores the file under a random name; /pdf/{id} shows title, description, the PDF inline and a download ' + 'link',
    async () => {
      const res = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'Lunch <menu>', pdfDescription: 'Served 12-3' }, [
        { name: 'pdfFile', filename: '../../etc/passwd.pdf', contentType: 'application/pdf', data: PDF_MINI },
      ]);
      expect(res.status).toBe(201);
      expect(res.body.pdfUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.pdf$/);
      expect(res.body.fileName).toBe('passwd.pdf');
      expect(readdirSync(app.env.UPLOAD_DIR)).toContain(res.body.pdfUrl.slice('/uploads/'.length));
      const page = await client.get(`/pdf/${res.body.id}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('Lunch &lt;menu&gt;');
      expect(page.text).not.toContain('<menu>');
      expect(page.text).toContain(res.body.pdfUrl);
      const file = await client.get(res.body.pdfUrl);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // Sandboxed as images are (issue 27 item 10), inline and as a download.
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect((await client.get(`${res.body.pdfUrl as string}?download=1`)).headers['content-security-policy']).toBe(
        "default-src 'none'; sandbox",
      );
      expect(file.buffer.equals(PDF_MINI)).toBe(true);
      expect((await client.get('/pdf/preview')).status).toBe(200);
      expect((await client.get('/pdf/00000000-0000-4000-8000-000000000000')).status).toBe(404);

      // A pdf code saved with the upload points to /pdf/{uploadId}.
      const saved = await postMultipart(client, '/api/qrcodes', {
        qrType: 'pdf',
        title: 'Lunch',
        description: 'd',
        pdfUrl: res.body.pdfUrl,
        pdfFileName: 'x.pdf',
      });
      expect(saved.status).toBe(201);
      expect(saved.body).toMatchObject({
        pdfTitle: 'Lunch',
        pdfUrl: res.body.pdfUrl,
        pdfFileName: 'passwd.pdf',
        content: `http://localhost:3000/pdf/${res.body.id}`,
      });
    },
  );

  it('POST /api/upload-image and the gallery page /images/{id}', async () => {
    const res = await postMultipart(client, '/api/upload-image', { imageTitle: 'Garden', imageDescription: '' }, [
      { name: 'imageFile', filename: 'garden.png', contentType: 'image/png', data: PNG_1x1 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const page = await client.get(`/images/${res.body.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img src="${res.body.imageUrl}"`);
    const file = await client.get(res.body.imageUrl);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-security-policy']).toContain('sandbox');
  });

  it('a public page or file that names nothing (malformed or unknown) is its not-found page; ?download=1 is an attachment', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, heading] of [
      ['/pdf/not-a-uuid', 'PDF not found'],
      [`/pdf/${unknown}`, 'PDF not found'],
      ['/images/NOT-AN-ID', 'Image not found'],
      ['/logo/123', 'Logo not found'],
      [`/logo/${unknown}`, 'Logo not found'],
      ['/uploads/menu.pdf', 'File not found'],
      [`/uploads/${unknown}.exe`, 'File not found'],
    ]) {
      const res = await client.get(path);
      expect([path, res.status, res.headers['content-type'], res.text.includes(heading)]).toEqual([
        path,
        404,
        'text/html; charset=utf-8',
        true,
      ]);
    }
    const res = await postMultipart(client, '/api/upload-image', { imageTitle: 'Pond', imageDescription: '' }, [
      { name: 'imageFile', filename: 'pond.png', contentType: 'image/png', data: PNG_1x1 },
    ]);
    const url = res.body.imageUrl as string;
    const disposition = async (query: string) => (await client.get(`${url}${query}`)).headers['content-disposition'];
    expect(await disposition('?download=1')).toMatch(/^attachment; filename="pond.png"/);
    expect(await disposition('?download=true')).toMatch(/^attachment;/);
    for (const query of ['', '?download=0', '?download=yes', '?download=1&download=1', '?download[x]=1'])
      expect([query, await disposition(query)]).toEqual([query, expect.stringMatching(/^inline; filename="pond.png"/)]);
    // An id in capitals names the same upload.
    expect((await client.get(`/images/${(res.body.id as string).toUpperCase()}`)).status).toBe(200);
  });

  it('refuses wrong magic bytes, oversized files, SVG with script, and serves nothing by a traversing name', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fakePdf = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'x' }, [
      { name: 'pdfFile', filename: 'menu.pdf', contentType: 'application/pdf', data: html },
    ]);
    expect(fakePdf.status).toBe(400);
    expect(fakePdf.body.message).toBe('Please select a PDF file');
    const fakeImage = await postMultipart(client, '/api/upload-image', { imageTitle: 'x' }, [
      { name: 'imageFile', filename: 'a.png', contentType: 'image/png', data: PDF_MINI },
    ]);
    expect(fakeImage.status).toBe(400);
    const svgImage = await postMultipart(client, '/api/upload-image', { imageTitle: 'x' }, [
      { name: 'imageFile', filename: 'a.svg', contentType: 'image/svg+xml', data: SVG_LOGO },
    ]);
    expect(svgImage.status).toBe(400);
    const big = Buffer.concat([PDF_MINI, Buffer.alloc(70 * 1024, 32)]);
    const oversized = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'x' }, [
      { name: 'pdfFile', filename: 'big.pdf', contentType: 'application/pdf', data: big },
    ]);
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toBe('The PDF must be at most 0.1 MB');
    const missing = await postMultipart(client, '/api/upload-pdf', { pdfTitle: 'x' });
    expect(missing.body.message).toBe('Please select a PDF file');

    const scripted = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://a.example' }, [
      { name: 'logoFile', filename: 'x.svg', contentType: 'image/svg+xml', data: SVG_SCRIPT },
    ]);
    expect(scripted.status).toBe(400);
    expect(scripted.body.message).toBe('SVG logos with scripts are not allowed');
    const bigLogo = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://a.example' }, [
      { name: 'logoFile', filename: 'x.png', contentType: 'image/png', data: Buffer.concat([PNG_1x1, Buffer.alloc(8 * 1024)]) },
    ]);
    expect(bigLogo.status).toBe(413);
    expect((await client.get('/api/qrcodes')).body.filter((c: { qrType: string }) => c.qrType === 'url')).toEqual([]);

    for (const path of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/../package.json',
      '/uploads/%2e%2e%2fpackage.json',
      '/logo/..%2F..%2Fetc',
      '/uploads/x.pdf',
    ]) {
      const res = await client.get(path);
      // '/uploads/../x' is normalised to '/x' before routing (the SPA may answer it); nothing is read from disk.
      if (!path.includes('/../')) expect(res.status).toBe(404);
      expect(res.text).not.toContain('root:');
      expect(res.text).not.toContain('@qrsharks/backend');
    }
  });

  it('answers 413 for a file one byte over its limit on every upload route (at the limit it is taken), storing nothing', async () => {
    const padded = (file: Buffer, size: number) => Buffer.concat([file, Buffer.alloc(size - file.length, 32)]);
    const staticCode = await postMultipart(client, '/api/qrcodes', { qrType: 'text', text: 'limits' });
    const dynamicCode = await postMultipart(client, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://limits.example/' });
    expect([staticCode.status, dynamicCode.status]).toEqual([201, 201]);
    const routes: {
      method: string;
      path: string;
      field: string;
      fields: Record<string, string>;
      file: Buffer;
      limit: number;
      message: string;
    }[] = [
      {
        method: 'POST',
        path: '/api/upload-pdf',
        field: 'pdfFile',
        fields: { pdfTitle: 't' },
        file: PDF_MINI,
        limit: 64 * 1024,
        message: 'The PDF must be at most 0.1 MB',
      },
      {
        method: 'POST',
        path: '/api/upload-image',
        field: 'imageFile',
        fields: { imageTitle: 't' },
        file: PNG_1x1,
        limit: 16 * 1024,
        message: 'The image must be at most 0 MB',
      },
      ...[
        ['POST', '/api/qrcodes', { qrType: 'text', text: 'with a logo' }],
        ['PUT', `/api/qrcodes/${staticCode.body.id}`, { fgColor: '#111111' }],
        ['POST', '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://logo.example/' }],
        ['PUT', `/api/dynamic-qrcodes/${dynamicCode.body.id}`, { fgColor: '#111111' }],
      ].map(([method, path, fields]) => ({
        method: method as string,
        path: path as string,
        field: 'logoFile',
        fields: fields as Record<string, string>,
        file: PNG_1x1,
        limit: 4 * 1024,
        message: 'The logo must be at most 0 MB',
      })),
    ];
    const codes = async () => (await client.get('/api/qrcodes')).body.length + (await client.get('/api/dynamic-qrcodes')).body.length;
    const countBefore = await codes();
    const stored = () => (existsSync(app.env.UPLOAD_DIR) ? readdirSync(app.env.UPLOAD_DIR).length : 0);
    for (const route of routes) {
      const filesBefore = stored();
      const over = await postMultipart(
        client,
        route.path,
        route.fields,
        [{ name: route.field, filename: 'f', contentType: 'application/octet-stream', data: padded(route.file, route.limit + 1) }],
        route.method,
      );
      expect({
        route: `${route.method} ${route.path}`,
        status: over.status,
        message: over.body.message,
        field: over.body.errors?.[route.field],
      }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 413,
        message: route.message,
        field: route.message,
      });
      expect(stored()).toBe(filesBefore);
      const atLimit = await postMultipart(
        client,
        route.path,
        route.fields,
        [{ name: route.field, filename: 'f', contentType: 'application/octet-stream', data: padded(route.file, route.limit) }],
        route.method,
      );
      expect({ route: `${route.method} ${route.path}`, status: atLimit.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: route.method === 'PUT' ? 200 : 201,
      });
    }
    // The two creates at the limit made a code each; the refused ones none.
    expect(await codes()).toBe(countBefore + 2);
  });

  // Issue 29 item 3: the logo is recorded with the code that uses it, in one append; a refused write records neither.
  describe('a logo lands with its code: one append, one transaction', () => {
    const db = () => app.app.get(DataSource);
    /** The transaction that wrote a stream's last event. */
    const lastTransaction = async (stream: string) =>
      (
        (await db().query('SELECT transaction_id::text AS tx FROM events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1', [
          stream,
        ])) as { tx: string }[]
      )[0]?.tx;
    const logoEvents = async () =>
      Number(
        (
          (await db().query(`SELECT count(*)::text AS n FROM events WHERE type = 'FileUploaded' AND data->>'kind' = 'logo'`)) as {
            n: string;
          }[]
        )[0].n,
      );
    const files = () => (existsSync(app.env.UPLOAD_DIR) ? readdirSync(app.env.UPLOAD_DIR).length : 0);
    const logo = [{ name: 'logoFile', filename: 'brand.png', contentType: 'image/png', data: PNG_1x1 }];

    it.each([
      ['POST /api/qrcodes', '/api/qrcodes', { qrType: 'text', text: 'one append' }],
      ['POST /api/dynamic-qrcodes', '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://one-append.example/' }],
    ])("%s: the logo's FileUploaded and QrCreated commit in the same transaction", async (_route, path, fields) => {
      const res = await postMultipart(client, path, fields, logo);
      expect(res.status).toBe(201);
      const uploadId = /^\/logo\/([0-9a-f-]{36})$/.exec(res.body.logoFilePath as string)?.[1];
      expect(uploadId).toBeDefined();
      expect(await lastTransaction(`upload-${uploadId}`)).toBeDefined();
      expect(await lastTransaction(`upload-${uploadId}`)).toBe(await lastTransaction(`qr-${res.body.id}`));
      expect((await client.get(res.body.logoFilePath)).status).toBe(200);
    });

    it("PUT with a new logo and colours that cannot be printed: 400, and neither the logo's event nor its file is left", async () => {
      const code = await postMultipart(client, '/api/qrcodes', { qrType: 'text', text: 'refused logo' });
      expect(code.status).toBe(201);
      const [eventsBefore, filesBefore] = [await logoEvents(), files()];
      const refused = await postMultipart(client, `/api/qrcodes/${code.body.id}`, { fgColor: '#FFFFFF', bgColor: '#FFFFFF' }, logo, 'PUT');
      expect(refused.status).toBe(400);
      expect([await logoEvents(), files()]).toEqual([eventsBefore, filesBefore]);

      const changed = await postMultipart(client, `/api/qrcodes/${code.body.id}`, { fgColor: '#111111' }, logo, 'PUT');
      expect(changed.status).toBe(200);
      const uploadId = /^\/logo\/([0-9a-f-]{36})$/.exec(changed.body.logoFilePath as string)?.[1];
      expect(await lastTransaction(`upload-${uploadId}`)).toBeDefined();
      expect(await lastTransaction(`upload-${uploadId}`)).toBe(await lastTransaction(`qr-${code.body.id}`));
      expect([await logoEvents(), files()]).toEqual([eventsBefore + 1, filesBefore + 1]);
    });
  });

  it('a clean SVG logo (the generator presets) is rasterised: only a PNG is stored and served', async () => {
    const res = await postMultipart(client, '/api/qrcodes', { qrType: 'url', url: 'https://logo.example' }, [
      { name: 'logoFile', filename: 'instagram.svg', contentType: 'image/svg+xml', data: SVG_LOGO },
    ]);
    expect(res.status).toBe(201);
    const logo = await client.get(res.body.logoFilePath);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.buffer.subarray(0, 4).toString('hex')).toBe('89504e47');
    const png = await client.get(`/api/qrcodes/${res.body.id}/download?format=png`);
    expect(png.status).toBe(200);
  });
});
