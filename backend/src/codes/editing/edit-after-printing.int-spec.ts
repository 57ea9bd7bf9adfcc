import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { TestClient } from '../../test-support/http';
import { createTenants } from '../../test-support/tenants';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { signUp } from '../../test-support/users';
import { PNG_1x1, postMultipart } from '../codes.test-kit';
import { STATIC_CONTENT_FIXED } from '../model/qr-code';

async function decodeQr(png: Buffer): Promise<string[]> {
  const wasm = await readFile(join(require.resolve('zxing-wasm/reader'), '..', '..', '..', 'reader', 'zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return (await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true })).map((result) => result.text);
}

/**
 * Issue 30 item 3, edit after printing: a dynamic code's content and style change after it was saved (If-Match, each change
 * in its History), its printed pattern (the short link) stays; a static code's content is what was printed and stays.
 */
describe('PUT /api/dynamic-qrcodes/{id} and /api/qrcodes/{id}: edit after printing', () => {
  let app: TestApp;
  let owner: TestClient;
  const history = async (id: string) =>
    ((await owner.get(`/api/qrcodes/${id}/history`)).body as { type: string }[]).map((entry) => entry.type);
  const ifMatch = (etag: unknown) => ({ headers: { 'if-match': String(etag) } });

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: 'qrsharks.test' });
    await createTenants(app.app, [{ clientId: 2 }]);
    owner = new TestClient(app.url);
    const user = await signUp(owner);
    expect((await owner.post('/api/activate-trial', { email: user.email })).status).toBe(200);
  });
  afterAll(() => app.close());

  it('content and style of a dynamic code change with If-Match, one event each; the re-render decodes to the same short link', async () => {
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', {
      qrType: 'url',
      destination: 'https://menu.example/spring',
      qrData: JSON.stringify({ url: 'https://menu.example/spring' }),
    });
    expect(created.status).toBe(201);
    const { id, link } = created.body as { id: string; link: string };
    const before = await owner.get(`/api/qrcodes/${id}/download?format=png`);
    expect(await decodeQr(before.buffer)).toEqual([link]);

    // Content (its url: the destination follows) and every kind of style at once, at the version the editor loaded.
    const edited = await postMultipart(
      owner,
      `/api/dynamic-qrcodes/${id}`,
      {
        qrData: JSON.stringify({ url: 'https://menu.example/summer' }),
        fgColor: '#1a237e',
        bgColor: '#fffde7',
        gradientColor: '#6a1b9a',
        dotShape: 'rounded',
        cornerShape: 'circle',
        innerCornerShape: 'rounded',
        outerCornerColor: '#b71c1c',
        enableFrame: 'true',
        frameText: 'MENU',
      },
      [{ name: 'logoFile', filename: 'brand.png', contentType: 'image/png', data: PNG_1x1 }],
      'PUT',
      { 'if-match': String(created.headers.etag) },
    );
    expect(edited.status).toBe(200);
    expect(edited.headers.etag).toBe(`"${created.body.version + 3}"`);
    expect(edited.body).toMatchObject({
      link,
      shortCode: created.body.shortCode,
      destination: 'https://menu.example/summer',
      qrData: { url: 'https://menu.example/summer' },
      fgColor: '#1a237e',
      gradientColor: '#6a1b9a',
      dotShape: 'rounded',
      enableFrame: true,
      frameText: 'MENU',
      logoFileName: 'brand.png',
    });
    expect(await history(id)).toEqual(['QrCreated', 'QrDestinationChanged', 'QrContentChanged', 'QrStyleChanged']);

    const after = await owner.get(`/api/qrcodes/${id}/download?format=png`);
    expect(after.buffer.equals(before.buffer)).toBe(false);
    expect(await decodeQr(after.buffer)).toEqual([link]);
    const svg = await owner.get(`/api/qrcodes/${id}/download?format=svg`);
    expect(svg.text).toContain('#1a237e');

    // Scans follow the new content.
    const scan = await owner.get(new URL(link).pathname);
    expect([scan.status, scan.headers.location]).toEqual([302, 'https://menu.example/summer']);
  }, 60_000);

  it('a stale If-Match is 412 and changes nothing; bad content is 400 with the create’s messages and changes nothing', async () => {
    const contact = { firstName: 'Sandy', lastName: 'Shark', phoneNumber: '+441234567890', email: 'sandy@example.com' };
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'contact', qrData: JSON.stringify(contact) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const etag = created.headers.etag;

    const first = await owner.put(`/api/dynamic-qrcodes/${id}`, { qrData: { ...contact, notes: 'Reef Ltd' } }, ifMatch(etag));
    expect(first.status).toBe(200);
    expect(first.body.qrData).toMatchObject({ notes: 'Reef Ltd' });
    const stale = await owner.put(
      `/api/dynamic-qrcodes/${id}`,
      { qrData: { ...contact, notes: 'Other' }, fgColor: '#222222' },
      ifMatch(etag),
    );
    expect(stale.status).toBe(412);
    expect(stale.body.message).toBe('This QR code was changed since you loaded it. Reload and try again.');

    // The same content refused by the create is refused by the edit with the same body.
    const bad = { ...contact, phoneNumber: '', email: 'not-an-address' };
    const refusedCreate = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'contact', qrData: JSON.stringify(bad) });
    expect(refusedCreate.status).toBe(400);
    const refusedEdit = await owner.put(`/api/dynamic-qrcodes/${id}`, { qrData: bad }, ifMatch(first.headers.etag));
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.body).toEqual(refusedCreate.body);
    expect(Object.keys(refusedEdit.body.errors).sort()).toEqual(['email', 'phoneNumber']);
    const badStyle = await owner.put(`/api/dynamic-qrcodes/${id}`, { dotShape: 'star' }, ifMatch(first.headers.etag));
    expect([badStyle.status, badStyle.body.message]).toEqual([400, 'Dot shape must be square, circle or rounded']);

    expect(await history(id)).toEqual(['QrCreated', 'QrContentChanged']);
    const row = (await owner.get(`/api/dashboard/codes/${id}`)).body;
    expect(row).toMatchObject({ qrData: { notes: 'Reef Ltd', phoneNumber: '+441234567890' }, fgColor: '#000000', version: 1 });
  }, 60_000);

  it('a static code’s content is refused with 400 and nothing changes; its name and style may change', async () => {
    const made = await postMultipart(owner, '/api/qrcodes', { qrType: 'text', text: 'Printed on the door' });
    expect(made.status).toBe(201);
    const id = made.body.id as string;
    const refused = await owner.put(
      `/api/qrcodes/${id}`,
      { qrData: { text: 'Something else' }, fgColor: '#333333' },
      ifMatch(made.headers.etag),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: STATIC_CONTENT_FIXED, errors: { qrData: STATIC_CONTENT_FIXED } });
    expect(await history(id)).toEqual(['QrCreated']);

    const styled = await owner.put(`/api/qrcodes/${id}`, { name: 'Door', fgColor: '#333333' }, ifMatch(made.headers.etag));
    expect(styled.status).toBe(200);
    expect(styled.body).toMatchObject({ name: 'Door', fgColor: '#333333', content: 'Printed on the door' });
    expect(await history(id)).toEqual(['QrCreated', 'QrRenamed', 'QrStyleChanged']);
  });

  it('another user, or a user of another tenant, editing a code gets 404 and changes nothing', async () => {
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://mine.example' });
    const id = created.body.id as string;
    const neighbour = new TestClient(app.url);
    await signUp(neighbour);
    const foreign = new TestClient(app.url, { host: 'acme.qrsharks.test' });
    await signUp(foreign);
    for (const client of [neighbour, foreign]) {
      for (const path of [`/api/dynamic-qrcodes/${id}`, `/api/qrcodes/${id}`]) {
        const res = await client.put(
          path,
          { qrData: { url: 'https://theirs.example' }, fgColor: '#444444' },
          ifMatch(created.headers.etag),
        );
        expect([res.status, res.body.message]).toEqual([404, 'QR code not found']);
      }
    }
    expect(await history(id)).toEqual(['QrCreated']);
  });
});
