import { DEFAULT_STYLE, type QrStyle } from '@qrsharks/qr-core/browser';
import { templatePrefill } from './content-fields';
import { pngFileName, svgFileName, svgSize } from './download';
import {
  buildDynamicFormData,
  buildGenerateBody,
  buildSaveFormData,
  buildTrackBody,
  buildUploadPlan,
  contentKey,
  createSessionId,
  errorStatus,
  getSessionId,
  isWebDestination,
  SESSION_ID_KEY,
  uploadFields,
  type GeneratorForm,
} from './generate-request';

const style: QrStyle = { ...DEFAULT_STYLE, fgColor: '#112233', gradientColor: '#ff00ff', outerCornerColor: '#ff0000' };
const logoFile = new File(['<svg/>'], 'instagram.svg', { type: 'image/svg+xml' });

function form(overrides: Partial<GeneratorForm> = {}): GeneratorForm {
  return { qrType: 'url', fields: { url: 'https://example.com' }, style, mode: 'static', logo: null, ...overrides };
}

function entries(data: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  data.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

describe('the typed name (issue 30 item 1)', () => {
  it('travels as codeName, trimmed, on both saves; a blank one is not sent', () => {
    expect(entries(buildSaveFormData(form({ name: '  Guest Wi-Fi ' }))).codeName).toBe('Guest Wi-Fi');
    expect(entries(buildDynamicFormData(form({ name: 'Spring menu', mode: 'dynamic' }), 'https://example.com')).codeName).toBe(
      'Spring menu',
    );
    expect(entries(buildSaveFormData(form({ name: '   ' })))).not.toHaveProperty('codeName');
    expect(entries(buildDynamicFormData(form({ mode: 'dynamic' }), 'https://example.com'))).not.toHaveProperty('codeName');
  });
});

describe('the custom back-half (issue 33)', () => {
  it('travels as customShortCode, trimmed, on a dynamic create only; a blank one is not sent', () => {
    const dynamic = (customShortCode: string) =>
      entries(buildDynamicFormData(form({ mode: 'dynamic', customShortCode }), 'https://example.com'));
    expect(dynamic(' spring-menu ').customShortCode).toBe('spring-menu');
    expect(dynamic('  ')).not.toHaveProperty('customShortCode');
    expect(entries(buildSaveFormData(form({ customShortCode: 'spring-menu' })))).not.toHaveProperty('customShortCode');
  });
});

describe('POST /api/generate-qrcode body (anonymous)', () => {
  it('carries the form data, colours, shapes, frame and the logo name', () => {
    const body = buildGenerateBody(form({ logo: { source: 'preset', name: 'instagram.svg', href: 'data:', file: logoFile } }), {
      temporary: false,
    });
    expect(body).toEqual({
      qrType: 'url',
      url: 'https://example.com',
      foregroundColor: '#112233',
      backgroundColor: '#FFFFFF',
      gradientColor: '#ff00ff',
      dotShape: 'square',
      cornerShape: 'square',
      innerCornerShape: 'square',
      outerCornerColor: '#ff0000',
      innerCornerColor: null,
      enableFrame: false,
      frameText: 'SCAN ME',
      frameColor: '#000000',
      frameTextColor: '#FFFFFF',
      frameStyle: 'rounded',
      logoFile: 'instagram.svg',
    });
  });

  it('marks previews temporary', () => {
    expect(buildGenerateBody(form(), { temporary: true })).toMatchObject({ temporary: true, logoFile: null });
    expect(buildGenerateBody(form(), { temporary: false })).not.toHaveProperty('temporary');
  });

  it('sends a chosen file by its name, since JSON cannot carry it', () => {
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    const body = buildGenerateBody(form({ qrType: 'pdf', fields: { pdfFile: pdf, title: 'Menu' } }), { temporary: false });
    expect(body).toMatchObject({ qrType: 'pdf', pdfFile: 'menu.pdf', title: 'Menu' });
  });
});

describe('POST /api/qrcodes multipart (signed in)', () => {
  it('holds every form field, the style, qrMode and logoFile', () => {
    const data = entries(
      buildSaveFormData(
        form({
          qrType: 'payment',
          fields: { productName: 'Tee', productPrice: 12.5, productDescription: 'Cotton' },
          logo: { source: 'upload', name: 'logo.png', href: 'data:', file: logoFile },
        }),
      ),
    );
    expect(data).toMatchObject({
      qrType: 'payment',
      productName: 'Tee',
      productPrice: '12.5',
      productDescription: 'Cotton',
      foregroundColor: '#112233',
      backgroundColor: '#FFFFFF',
      gradientColor: '#ff00ff',
      outerCornerColor: '#ff0000',
      enableFrame: 'false',
      frameText: 'SCAN ME',
      frameStyle: 'rounded',
      qrMode: 'static',
    });
    expect(data).not.toHaveProperty('innerCornerColor');
    expect(data.logoFile).toBeInstanceOf(File);
    expect((data.logoFile as File).name).toBe('logo.png');
  });

  it('replaces an uploaded pdf by what the upload answered', () => {
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    const extra = uploadFields('pdf', { id: 'u7', pdfUrl: '/uploads/menu.pdf', pageUrl: '/pdf/u7', fileName: 'menu.pdf' });
    const data = entries(buildSaveFormData(form({ qrType: 'pdf', fields: { pdfFile: pdf, title: 'Menu', description: '' } }), extra));
    expect(data).not.toHaveProperty('pdfFile');
    expect(data).toMatchObject({ pdfUrl: '/uploads/menu.pdf', pdfFileName: 'menu.pdf', title: 'Menu' });
  });
});

describe('POST /api/dynamic-qrcodes multipart', () => {
  it('has the fields of spec section 7 with qrStyle squares and level M', () => {
    const data = entries(buildDynamicFormData(form({ mode: 'dynamic' }), 'https://example.com'));
    expect(data).toMatchObject({
      destination: 'https://example.com',
      qrType: 'url',
      qrData: JSON.stringify({ url: 'https://example.com' }),
      fgColor: '#112233',
      bgColor: '#FFFFFF',
      gradientColor: '#ff00ff',
      qrStyle: 'squares',
      errorCorrectionLevel: 'M',
      dotShape: 'square',
      cornerShape: 'square',
      innerCornerShape: 'square',
      outerCornerColor: '#ff0000',
    });
    expect(data).not.toHaveProperty('logoFile');
  });

  it('carries the upload reference of a pdf code', () => {
    const extra = uploadFields('pdf', { id: 'u1', pdfUrl: '/uploads/menu.pdf', pageUrl: '/pdf/u1', fileName: 'menu.pdf' });
    const data = entries(buildDynamicFormData(form({ qrType: 'pdf', fields: { title: 'Menu' } }), 'https://x.io/pdf/u1', extra));
    expect(data).toMatchObject({ destination: 'https://x.io/pdf/u1', pdfUrl: '/uploads/menu.pdf', qrData: '{"title":"Menu"}' });
  });
});

describe('uploads', () => {
  it('plans /api/upload-pdf and /api/upload-image with the spec field names', () => {
    const pdf = new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' });
    const plan = buildUploadPlan('pdf', { pdfFile: pdf, title: 'Menu', description: 'Lunch' });
    expect(plan?.path).toBe('/api/upload-pdf');
    expect(entries(plan!.body)).toMatchObject({ pdfTitle: 'Menu', pdfDescription: 'Lunch' });
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    const imagePlan = buildUploadPlan('images', { imageFile: image, title: 'Gallery' });
    expect(imagePlan?.path).toBe('/api/upload-image');
    expect(entries(imagePlan!.body)).toMatchObject({ imageTitle: 'Gallery', imageDescription: '' });
    expect(buildUploadPlan('images', { imageFile: null, title: 'x' })).toBeNull();
    expect(buildUploadPlan('url', { url: 'https://a.io' })).toBeNull();
  });
});

describe('POST /api/track-generation body and the session id', () => {
  it('has the spec fields', () => {
    expect(buildTrackBody(form(), 'https://example.com', 5, 'anon_1_x')).toEqual({
      qrCodeId: 5,
      qrData: 'https://example.com',
      qrType: 'url',
      foregroundColor: '#112233',
      backgroundColor: '#FFFFFF',
      hasLogo: false,
      sessionId: 'anon_1_x',
    });
  });

  it("is 'anon_' + timestamp + random", () => {
    expect(createSessionId(1700000000000, () => 0.123456789)).toMatch(/^anon_1700000000000_[0-9a-z]+$/);
  });

  it('is made once and kept in local storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const first = getSessionId(storage);
    expect(first).toMatch(/^anon_\d+_/);
    expect(store.get(SESSION_ID_KEY)).toBe(first);
    expect(getSessionId(storage)).toBe(first);
    expect(getSessionId(null)).toMatch(/^anon_/);
  });
});

describe('helpers', () => {
  it('allows only http(s) destinations for dynamic codes', () => {
    expect(isWebDestination('https://maps.google.com/?q=x')).toBe(true);
    expect(isWebDestination('mailto:a@b.co')).toBe(false);
    expect(isWebDestination('BEGIN:VCARD')).toBe(false);
  });

  it("reads the status of the fetch helper's '{status}: {body}' errors", () => {
    expect(errorStatus(new Error('403: {"message":"limit"}'))).toBe(403);
    expect(errorStatus(new Error('Network down'))).toBeNull();
    expect(errorStatus('403: x')).toBeNull();
  });

  it('names downloads qrcode-{qrType}', () => {
    expect(pngFileName('url')).toBe('qrcode-url.png');
    expect(svgFileName('contact')).toBe('qrcode-contact.svg');
  });

  it('reads the size of an SVG from width/height or the viewBox', () => {
    expect(svgSize('<svg xmlns="x" width="320" height="360" viewBox="0 0 41 46">')).toEqual({ width: 320, height: 360 });
    expect(svgSize('<svg viewBox="0 0 41 46">')).toEqual({ width: 41, height: 46 });
  });
});

describe('template prefill from session storage', () => {
  const stored = (value: unknown) => JSON.stringify(value);

  it('prefills known fields when the template is for this type', () => {
    const raw = stored({ qrType: 'url', previewData: { url: 'https://example.com', evil: 'x' }, title: 'Website' });
    expect(templatePrefill(raw, 'url')).toEqual({ url: 'https://example.com' });
  });

  it('puts a plain value into the first field', () => {
    expect(templatePrefill(stored({ qrType: 'email', previewData: 'hi@example.com' }), 'email')).toEqual({ email: 'hi@example.com' });
  });

  it('ignores another type, junk and absence', () => {
    expect(templatePrefill(stored({ qrType: 'contact', previewData: {} }), 'url')).toBeNull();
    expect(templatePrefill('{not json', 'url')).toBeNull();
    expect(templatePrefill(null, 'url')).toBeNull();
  });
});

describe('contentKey: what a code on show was made from (issue 30 item 4)', () => {
  const base = { qrType: 'url' as const, mode: 'dynamic' as const, fields: { url: 'https://a.example/' } };
  it('differs when the content, the mode or the type differs; a style change is not content', () => {
    expect(contentKey(base)).toBe(contentKey({ ...base, fields: { url: 'https://a.example/' } }));
    expect(contentKey(base)).not.toBe(contentKey({ ...base, fields: { url: 'https://b.example/' } }));
    expect(contentKey(base)).not.toBe(contentKey({ ...base, mode: 'static' }));
    expect(contentKey(base)).not.toBe(contentKey({ ...base, qrType: 'text', fields: { text: 'https://a.example/' } }));
  });
  it('tells files apart by name, size and date', () => {
    const pdf = (name: string, body: string) => ({
      ...base,
      qrType: 'pdf' as const,
      fields: { pdfFile: new File([body], name, { lastModified: 1 }) },
    });
    expect(contentKey(pdf('menu.pdf', 'a'))).toBe(contentKey(pdf('menu.pdf', 'a')));
    expect(contentKey(pdf('menu.pdf', 'a'))).not.toBe(contentKey(pdf('menu-2.pdf', 'a')));
    expect(contentKey(pdf('menu.pdf', 'a'))).not.toBe(contentKey(pdf('menu.pdf', 'ab')));
  });
});
