import type { RecordedEvent } from '../event-store/event-store';
import { anonymousRefusal, DEFAULT_STORED_STYLE, parseCodeInput } from './code-input';
import { renderHostedPage } from './hosted-pages';
import { decideChangeContent, decideChangeDestination, decideChangeStyle, decideDelete, decidePause, decideResume, evolveQr, initialQr, QrDecisionError, QrState } from './qr-code';
import type { QrCreated, QrEvent } from './qr-code.events';
import { randomShortCode } from './short-code';
import { subdomainInfo } from './subdomain-info';
import { decideActivateTrial, decideTakeSlot, evolveAllowance, initialAllowance, trialStatus } from './trial/allowance';
import { sniff, svgRefusal } from './uploads/file-type';

const owner = { userId: 'u1', tenantId: 1 };
const created = (mode: 'static' | 'dynamic' = 'dynamic'): QrCreated => ({
  qrId: 'q1', userId: 'u1', mode, qrType: 'url', shortCode: mode === 'dynamic' ? 'AbCdEf12' : null, destination: mode === 'dynamic' ? 'https://a.example' : null,
  fields: { url: 'https://a.example' }, style: DEFAULT_STORED_STYLE, errorCorrectionLevel: 'M', logoFileName: null, logoFilePath: null,
});
const given = (...events: QrEvent[]): QrState => events.reduce((state, event) => evolveQr(state, { ...event, metadata: { tenantId: 1 } }), initialQr);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof QrDecisionError ? [error.status, error.message] : error;
  }
  return null;
};

describe('QR code aggregate', () => {
  it('destination: validated, recorded with before and after, no-op when unchanged', () => {
    const state = given({ type: 'QrCreated', data: created() });
    expect(decideChangeDestination(state, owner, 'https://b.example')).toEqual([{ type: 'QrDestinationChanged', data: { qrId: 'q1', before: 'https://a.example', after: 'https://b.example' } }]);
    expect(decideChangeDestination(state, owner, 'https://a.example')).toEqual([]);
    expect(refusal(() => decideChangeDestination(state, owner, ''))).toEqual([400, 'URL is required']);
    expect(refusal(() => decideChangeDestination(state, owner, 'nope'))).toEqual([400, 'Please enter a valid URL']);
    expect(refusal(() => decideChangeDestination(state, owner, 'javascript:alert(1)'))).toEqual([400, 'URL must use http or https protocol']);
  });

  it('only the owner in its tenant may act: anyone else gets 404, as does a deleted code', () => {
    const state = given({ type: 'QrCreated', data: created() });
    expect(refusal(() => decidePause(state, { userId: 'u2', tenantId: 1 }))).toEqual([404, 'QR code not found']);
    expect(refusal(() => decidePause(state, { userId: 'u1', tenantId: 2 }))).toEqual([404, 'QR code not found']);
    const deleted = given({ type: 'QrCreated', data: created() }, { type: 'QrDeleted', data: { qrId: 'q1' } });
    expect(refusal(() => decideResume(deleted, owner))).toEqual([404, 'QR code not found']);
    expect(refusal(() => decidePause(initialQr, owner))).toEqual([404, 'QR code not found']);
  });

  it('pause and resume are idempotent and for dynamic codes only', () => {
    const state = given({ type: 'QrCreated', data: created() });
    expect(decidePause(state, owner)).toEqual([{ type: 'QrPaused', data: { qrId: 'q1' } }]);
    expect(decideResume(state, owner)).toEqual([]);
    const paused = given({ type: 'QrCreated', data: created() }, { type: 'QrPaused', data: { qrId: 'q1' } });
    expect(decidePause(paused, owner)).toEqual([]);
    expect(decideResume(paused, owner)).toEqual([{ type: 'QrResumed', data: { qrId: 'q1' } }]);
    expect(refusal(() => decidePause(given({ type: 'QrCreated', data: created('static') }), owner))).toEqual([400, 'Only dynamic QR codes can do this']);
  });

  it('style and content changes record only the fields that differ; the fold applies them', () => {
    const state = given({ type: 'QrCreated', data: created() });
    const [style] = decideChangeStyle(state, owner, { fgColor: '#112233', bgColor: '#FFFFFF', logoFileName: 'a.png' });
    expect(style).toEqual({ type: 'QrStyleChanged', data: { qrId: 'q1', before: { fgColor: '#000000', logoFileName: null }, after: { fgColor: '#112233', logoFileName: 'a.png' } } });
    const [content] = decideChangeContent(state, owner, { url: 'https://c.example' });
    expect(content.data).toEqual({ qrId: 'q1', before: { url: 'https://a.example' }, after: { url: 'https://c.example' } });
    const next = given({ type: 'QrCreated', data: created() }, style, content);
    expect(next.code).toMatchObject({ style: { fgColor: '#112233' }, logoFileName: 'a.png', fields: { url: 'https://c.example' } });
  });

  it('delete through the dynamic route refuses static codes', () => {
    expect(refusal(() => decideDelete(given({ type: 'QrCreated', data: created('static') }), owner, 'dynamic'))).toEqual([404, 'QR code not found']);
    expect(decideDelete(given({ type: 'QrCreated', data: created('static') }), owner)).toEqual([{ type: 'QrDeleted', data: { qrId: 'q1' } }]);
  });
});

describe('trial and dynamic cap', () => {
  const limits = { trialDays: 3, trialDynamicLimit: 12, freeDynamicLimit: 3 };
  const now = new Date('2025-06-01T12:00:00Z');
  const fold = (...events: Pick<RecordedEvent, 'type' | 'data'>[]) => events.reduce(evolveAllowance, initialAllowance);
  const slots = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'DynamicQrSlotTaken', data: { userId: 'u1', qrId: `q${i}` } }));
  const trial = { type: 'TrialActivated', data: { userId: 'u1', trialStartDate: '2025-06-01T00:00:00.000Z', trialEndDate: '2025-06-04T00:00:00.000Z' } };

  it('free cap before the trial, 12 during it, free cap after; a subscription lifts it', () => {
    expect(trialStatus(fold(), limits, now)).toMatchObject({ isActive: false, hasExpired: false, daysRemaining: 0, dynamicQRLimit: 3, canCreateDynamicQR: true });
    expect(trialStatus(fold(trial, ...slots(11)), limits, now)).toMatchObject({ isActive: true, daysRemaining: 3, dynamicQRUsed: 11, dynamicQRLimit: 12, canCreateDynamicQR: true });
    expect(trialStatus(fold(trial, ...slots(12)), limits, new Date('2025-06-05T00:00:00Z'))).toMatchObject({ isActive: false, hasExpired: true, dynamicQRLimit: 3, canCreateDynamicQR: false });
    expect(trialStatus(fold(trial, ...slots(40), { type: 'SubscriptionStatusChanged', data: { subscriptionStatus: 'active' } }), limits, now)).toMatchObject({ dynamicQRLimit: null, canCreateDynamicQR: true, subscriptionStatus: 'active' });
  });

  it('the 13th slot is refused with the spec message; a released slot frees room; unknown user events are ignored', () => {
    expect(refusal(() => decideTakeSlot(fold(trial, ...slots(12)), limits, now, 'u1', 'x'))).toEqual([403, 'You have reached your limit of 12 dynamic QR codes. Please upgrade to create more.']);
    const freed = fold(trial, ...slots(12), { type: 'DynamicQrSlotReleased', data: { userId: 'u1', qrId: 'q0' } }, { type: 'UserNameChanged', data: {} });
    expect(decideTakeSlot(freed, limits, now, 'u1', 'x')).toEqual({ type: 'DynamicQrSlotTaken', data: { userId: 'u1', qrId: 'x' } });
  });

  it('activation: email required, the account email, once per account', () => {
    const user = { id: 'u1', email: 'ann@example.com', username: 'ann@example.com' };
    expect(refusal(() => decideActivateTrial(fold(), limits, now, user, ' '))).toEqual([400, 'Please enter your email address to activate your free trial.']);
    expect(decideActivateTrial(fold(), limits, now, user, 'ANN@example.com').data).toEqual({ userId: 'u1', trialStartDate: '2025-06-01T12:00:00.000Z', trialEndDate: '2025-06-04T12:00:00.000Z' });
    expect(refusal(() => decideActivateTrial(fold(trial), limits, now, user, 'ann@example.com'))).toEqual([400, 'You have already used your free trial.']);
  });
});

describe('inputs, short codes, files, pages', () => {
  it('parses both colour spellings, defaults, and level M for dynamic codes (H with a logo)', () => {
    const input = parseCodeInput({ qrType: 'url', url: 'https://a.example', foregroundColor: '#123456', enableFrame: 'true' }, { hasLogo: false });
    expect(input).toMatchObject({ mode: 'static', errorCorrectionLevel: 'H', style: { fgColor: '#123456', enableFrame: true, frameText: 'SCAN ME', qrStyle: 'squares' } });
    expect(parseCodeInput({ qrType: 'url', destination: 'https://d.example' }, { mode: 'dynamic', hasLogo: false })).toMatchObject({ errorCorrectionLevel: 'M', fields: { url: 'https://d.example' } });
    expect(parseCodeInput({ qrType: 'url', qrData: '{"url":"https://d.example"}' }, { mode: 'dynamic', hasLogo: true }).errorCorrectionLevel).toBe('H');
    expect(() => parseCodeInput({ qrType: 'nope' }, { hasLogo: false })).toThrow('Please choose a QR code type from the list');
    expect(anonymousRefusal({ qrType: 'url', style: { ...DEFAULT_STORED_STYLE, gradientColor: '#ff00ff' }, logoFile: null })).toBe('Second color requires an account! Sign up for free to unlock advanced color options.');
  });

  it('short codes are 8 URL-safe characters', () => {
    const codes = new Set(Array.from({ length: 2000 }, randomShortCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
  });

  it('files are typed by their bytes; SVG active content is refused', () => {
    expect(sniff(Buffer.from('%PDF-1.7'))?.mime).toBe('application/pdf');
    expect(sniff(Buffer.from('<html>'))).toBeNull();
    expect(sniff(Buffer.from('<?xml version="1.0"?>\n<!-- x --><svg xmlns="http://www.w3.org/2000/svg"/>'))?.mime).toBe('image/svg+xml');
    expect(svgRefusal('<svg onload="alert(1)"/>')).toBe('SVG logos with event handlers are not allowed');
    expect(svgRefusal('<svg><image href="https://evil.example/x.png"/></svg>')).toBe('SVG logos with external references are not allowed');
    expect(svgRefusal('<svg><circle r="1"/></svg>')).toBeNull();
  });

  it('hosted pages escape everything and only link safe schemes', () => {
    const page = renderHostedPage({ qrType: 'contact', fields: { firstName: '<script>x</script>', phoneNumber: '+1 555', imageUrl: 'javascript:alert(1)' }, origin: 'https://qr.example', tenantName: 'Acme & Co' });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('data:text/vcard');
    expect(page).toContain('Acme &amp; Co');
    expect(renderHostedPage({ qrType: 'events', fields: { title: 'Gala', startDate: '2025-06-01', location: 'Hall' }, origin: 'https://qr.example', tenantName: 'T' })).toContain('download="event.ics"');
  });

  it('subdomain info', () => {
    expect(subdomainInfo('menu.qrsharks.test:443', 'qrsharks.test')).toEqual({ isSubdomain: true, qrType: 'pdf', subdomain: 'menu' });
    expect(subdomainInfo('www.qrsharks.test', 'qrsharks.test')).toEqual({ isSubdomain: false, qrType: null, subdomain: null });
  });
});
