import { encodePayload } from '@qrsharks/qr-core/browser';
import type { DashboardCode } from '../data-provider';
import { copyDestination, copyForm, draftOf, editForm, fieldErrors } from './code-edit';

const code = (over: Partial<DashboardCode> = {}): DashboardCode => ({
  id: 'c1',
  userId: 'u1',
  qrMode: 'dynamic',
  qrType: 'url',
  name: null,
  tags: [],
  displayName: 'https://now.example/',
  content: 'https://qr.example/d/AbCdEf12',
  qrData: { url: 'https://old.example' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  isPaused: false,
  pausedAt: null,
  platform: null,
  qrStyle: 'squares',
  fgColor: '#000000',
  bgColor: '#ffffff',
  gradientColor: null,
  dotShape: 'square',
  cornerShape: 'square',
  innerCornerShape: 'square',
  outerCornerColor: null,
  innerCornerColor: null,
  errorCorrectionLevel: 'M',
  logoFilePath: '/logo/l1',
  logoFileName: 'brand.png',
  enableFrame: false,
  frameText: 'SCAN ME',
  frameColor: '#000000',
  frameTextColor: '#ffffff',
  frameStyle: 'rounded',
  shortCode: 'AbCdEf12',
  link: 'https://qr.example/d/AbCdEf12',
  destination: 'https://now.example/',
  ...over,
});

const entries = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'FILE']));

describe('the code editor (issue 30 item 3)', () => {
  it('starts from the saved code: a web code’s url is where it leads now; the logo is kept', () => {
    const draft = draftOf(code({ gradientColor: '#ff0000', name: 'Menu' }));
    expect(draft).toMatchObject({ name: 'Menu', fields: { url: 'https://now.example/' }, logo: 'keep' });
    expect(draft.style).toMatchObject({ fgColor: '#000000', gradientColor: '#ff0000', logo: null, frameText: 'SCAN ME' });
    expect(draftOf(code({ qrMode: 'static', qrData: { url: 'https://old.example' } })).fields).toEqual({ url: 'https://old.example' });
    // The same address spelt as typed and as stored (a bare origin gains its slash) keeps the typed spelling.
    expect(draftOf(code({ qrData: { url: 'https://now.example' } })).fields).toEqual({ url: 'https://now.example' });
  });

  it('an edit sends content only for a dynamic code, the whole style, the name, and removeLogo only when a saved logo goes', () => {
    const dynamic = code();
    const draft = { ...draftOf(dynamic), name: ' Spring menu ', fields: { url: 'https://new.example' }, logo: null };
    draft.style = { ...draft.style, fgColor: '#112233', gradientColor: '#445566' };
    expect(entries(editForm(dynamic, draft))).toMatchObject({
      name: 'Spring menu',
      qrData: '{"url":"https://new.example"}',
      fgColor: '#112233',
      gradientColor: '#445566',
      outerCornerColor: '',
      enableFrame: 'false',
      removeLogo: 'true',
    });
    const still = code({ qrMode: 'static', logoFilePath: null });
    const form = entries(editForm(still, { ...draftOf(still), logo: null }));
    expect(form.qrData).toBeUndefined();
    expect(form.removeLogo).toBeUndefined();
    expect(entries(editForm(dynamic, { ...draftOf(dynamic), logo: { file: new Blob(['x']), name: 'new.png' } })).logoFile).toBe('FILE');
    expect(entries(editForm(dynamic, draftOf(dynamic))).logoFile).toBeUndefined();
    // Unchanged content is not sent (a style-only save records no content change).
    expect(entries(editForm(dynamic, draftOf(dynamic))).qrData).toBeUndefined();
  });

  it('a copy is a create: content, style, level, name, its own destination, and the saved logo as a file', () => {
    const dynamic = code();
    const form = entries(
      copyForm(dynamic, { ...draftOf(dynamic), name: 'Copy', fields: { url: 'https://copy.example' } }, new Blob(['png']), encodePayload),
    );
    expect(form).toMatchObject({
      qrType: 'url',
      qrMode: 'dynamic',
      qrData: '{"url":"https://copy.example"}',
      destination: 'https://copy.example',
      errorCorrectionLevel: 'M',
      codeName: 'Copy',
      logoFile: 'FILE',
    });
    expect(form.gradientColor).toBeUndefined();
    const place = { address: 'Quay 1', latitude: '51.5', longitude: '-0.12' };
    expect(copyDestination(code({ qrType: 'location' }), place, encodePayload)).toBe(
      'https://www.google.com/maps/search/?api=1&query=51.5,-0.12',
    );
    expect(copyDestination(code({ qrType: 'payment', destination: 'https://qr.example/payment?id=c1' }), {}, encodePayload)).toBeNull();
    expect(copyDestination(code({ qrMode: 'static' }), { url: 'https://x.example' }, encodePayload)).toBeNull();
  });

  it('reads the per-field messages of a 400', () => {
    const error = new Error(
      '400: {"code":"invalid","message":"Phone number is required","errors":{"phoneNumber":"Phone number is required"}}',
    );
    expect(fieldErrors(error)).toEqual({ phoneNumber: 'Phone number is required' });
    expect(fieldErrors(new Error('412: {"message":"stale"}'))).toEqual({});
    expect(fieldErrors('nope')).toEqual({});
  });
});
