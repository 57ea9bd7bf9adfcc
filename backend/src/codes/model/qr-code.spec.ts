import { ownHostPolicy } from '../destinations/destination';
import { DomainError } from '../../common/domain-error';
import { aggregate } from '../../test-support/given-when-then';
import type { RecordedEvent } from '../../event-store/event-store';
import { anonymousRefusal, DEFAULT_STORED_STYLE, parseCodeChanges, parseCodeInput } from './code-input';
import type { AuthUser } from '../../accounts';
import { CreateQrCodeCommand } from '../editing/create-qr-code.command';
import { renderHostedPage } from '../pages/hosted-pages';
import {
  decideChangeContent,
  decideChangeDestination,
  decideChangeStyle,
  decideCreate,
  decideDelete,
  decideDestination,
  decidePause,
  decideResume,
  decideUpdate,
  contentDestination,
  STATIC_CONTENT_FIXED,
  evolveQr,
  initialQr,
  releasedSlot,
  type NewCode,
  type QrState,
} from './qr-code';
import type { QrCreated, QrEvent } from './qr-code.events';
import { decideTrack } from '../tracking/tracking';
import { randomShortCode } from './short-code';
import { subdomainInfo } from '../generator/subdomain-info';
import { decideActivateTrial, decideTakeSlot, evolveAllowance, initialAllowance, trialStatus } from '../trial/allowance';
import { sniff, svgRefusal } from '../uploads/file-type';

const owner = { userId: 'u1', tenantId: 1 };
const policy = ownHostPolicy({
  publicOrigin: 'https://qr.example',
  baseDomain: 'qr.example',
  tenantHosts: ['menus.acme.example'],
  allowPrivate: false,
});
const created = (mode: 'static' | 'dynamic' = 'dynamic'): QrCreated => ({
  qrId: 'q1',
  userId: 'u1',
  mode,
  qrType: 'url',
  shortCode: mode === 'dynamic' ? 'AbCdEf12' : null,
  destination: mode === 'dynamic' ? 'https://a.example' : null,
  fields: { url: 'https://a.example' },
  style: DEFAULT_STORED_STYLE,
  errorCorrectionLevel: 'M',
  logoFileName: null,
  logoFilePath: null,
});
const metadata = (occurredAt = '2025-06-01T12:00:00.000Z') => ({
  tenantId: 1,
  actorId: 'u1',
  correlationId: 'c',
  causationId: null,
  occurredAt,
  schemaVersion: 1,
});
const code = aggregate<QrState, QrEvent>(initialQr, (state, event) => evolveQr(state, { ...event, metadata: metadata() }));
const given = (...events: QrEvent[]): QrState => code.given(...events).state;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? [error.status, error.message] : error;
  }
  return null;
};
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.fields : error;
  }
  return null;
};

const limits = { trialDays: 3, trialDynamicLimit: 12, freeDynamicLimit: 3 };
const now = new Date('2025-06-01T12:00:00Z');
const fold = (...events: Pick<RecordedEvent, 'type' | 'data'>[]) => events.reduce(evolveAllowance, initialAllowance);
const slots = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'DynamicQrSlotTaken', data: { userId: 'u1', qrId: `q${i}` } }));
const trial = {
  type: 'TrialActivated',
  data: { userId: 'u1', trialStartDate: '2025-06-01T00:00:00.000Z', trialEndDate: '2025-06-04T00:00:00.000Z' },
};

describe('QR code aggregate', () => {
  it('destination: validated, recorded with before and after, no-op when unchanged', () => {
    const dynamic = code.given({ type: 'QrCreated', data: created() });
    dynamic
      .when((state) => decideChangeDestination(state, owner, 'https://b.example', policy))
      .then([{ type: 'QrDestinationChanged', data: { qrId: 'q1', before: 'https://a.example', after: 'https://b.example/' } }]);
    dynamic.when((state) => decideChangeDestination(state, owner, 'https://a.example', policy)).then([]);
    dynamic.when((state) => decideChangeDestination(state, owner, '', policy)).thenRefuses({ status: 400, message: 'URL is required' });
    dynamic
      .when((state) => decideChangeDestination(state, owner, 'nope', policy))
      .thenRefuses({ status: 400, message: 'Please enter a valid URL' });
    dynamic
      .when((state) => decideChangeDestination(state, owner, 'javascript:alert(1)', policy))
      .thenRefuses({ status: 400, message: 'URL must use http or https protocol' });
  });

  it('only the owner in its tenant may act: anyone else gets 404, as does a deleted code', () => {
    const dynamic = code.given({ type: 'QrCreated', data: created() });
    const notFound = { status: 404, message: 'QR code not found' };
    dynamic.when((state) => decidePause(state, { userId: 'u2', tenantId: 1 })).thenRefuses(notFound);
    dynamic.when((state) => decidePause(state, { userId: 'u1', tenantId: 2 })).thenRefuses(notFound);
    code
      .given({ type: 'QrCreated', data: created() }, { type: 'QrDeleted', data: { qrId: 'q1' } })
      .when((state) => decideResume(state, owner))
      .thenRefuses(notFound);
    code
      .given()
      .when((state) => decidePause(state, owner))
      .thenRefuses(notFound);
  });

  it('pause and resume are idempotent and for dynamic codes only', () => {
    const dynamic = code.given({ type: 'QrCreated', data: created() });
    const paused = dynamic.when((state) => decidePause(state, owner)).then([{ type: 'QrPaused', data: { qrId: 'q1' } }]);
    expect(paused.paused).toBe(true);
    dynamic.when((state) => decideResume(state, owner)).then([]);
    const pausedCode = code.given({ type: 'QrCreated', data: created() }, { type: 'QrPaused', data: { qrId: 'q1' } });
    pausedCode.when((state) => decidePause(state, owner)).then([]);
    expect(pausedCode.when((state) => decideResume(state, owner)).then([{ type: 'QrResumed', data: { qrId: 'q1' } }]).paused).toBe(false);
    code
      .given({ type: 'QrCreated', data: created('static') })
      .when((state) => decidePause(state, owner))
      .thenRefuses({ status: 400, message: 'Only dynamic QR codes can do this' });
  });

  it('style and content changes record only the fields that differ; the fold applies them', () => {
    const state = given({ type: 'QrCreated', data: created() });
    const [style] = decideChangeStyle(state, owner, { fgColor: '#112233', bgColor: '#FFFFFF', logoFileName: 'a.png' });
    expect(style).toEqual({
      type: 'QrStyleChanged',
      data: { qrId: 'q1', before: { fgColor: '#000000', logoFileName: null }, after: { fgColor: '#112233', logoFileName: 'a.png' } },
    });
    const [content] = decideChangeContent(state, owner, { url: 'https://c.example' });
    expect(content.data).toEqual({ qrId: 'q1', before: { url: 'https://a.example' }, after: { url: 'https://c.example' } });
    const next = given({ type: 'QrCreated', data: created() }, style, content);
    expect(next.code).toMatchObject({ style: { fgColor: '#112233' }, logoFileName: 'a.png', fields: { url: 'https://c.example' } });
  });

  it('delete through the dynamic route refuses static codes', () => {
    const staticCode = code.given({ type: 'QrCreated', data: created('static') });
    staticCode.when((state) => decideDelete(state, owner, 'dynamic')).thenRefuses({ status: 404, message: 'QR code not found' });
    const deleted = staticCode.when((state) => decideDelete(state, owner)).then([{ type: 'QrDeleted', data: { qrId: 'q1' } }]);
    expect(deleted.deleted).toBe(true);
  });
});

describe('trial and dynamic cap', () => {
  it('free cap before the trial, 12 during it, free cap after; a subscription lifts it', () => {
    expect(trialStatus(fold(), limits, now)).toMatchObject({
      isActive: false,
      hasExpired: false,
      daysRemaining: 0,
      dynamicQRLimit: 3,
      canCreateDynamicQR: true,
    });
    expect(trialStatus(fold(trial, ...slots(11)), limits, now)).toMatchObject({
      isActive: true,
      daysRemaining: 3,
      dynamicQRUsed: 11,
      dynamicQRLimit: 12,
      canCreateDynamicQR: true,
    });
    expect(trialStatus(fold(trial, ...slots(12)), limits, new Date('2025-06-05T00:00:00Z'))).toMatchObject({
      isActive: false,
      hasExpired: true,
      dynamicQRLimit: 3,
      canCreateDynamicQR: false,
    });
    expect(
      trialStatus(fold(trial, ...slots(40), { type: 'SubscriptionStatusChanged', data: { subscriptionStatus: 'active' } }), limits, now),
    ).toMatchObject({ dynamicQRLimit: null, canCreateDynamicQR: true, subscriptionStatus: 'active' });
  });

  it('the 13th slot is refused with the spec message; a released slot frees room; unknown user events are ignored', () => {
    expect(refusal(() => decideTakeSlot(fold(trial, ...slots(12)), limits, now, 'u1', 'x'))).toEqual([
      403,
      'You have reached your limit of 12 dynamic QR codes. Please upgrade to create more.',
    ]);
    const freed = fold(
      trial,
      ...slots(12),
      { type: 'DynamicQrSlotReleased', data: { userId: 'u1', qrId: 'q0' } },
      { type: 'UserNameChanged', data: {} },
    );
    expect(decideTakeSlot(freed, limits, now, 'u1', 'x')).toEqual({ type: 'DynamicQrSlotTaken', data: { userId: 'u1', qrId: 'x' } });
  });

  it('activation: email required, the account email, once per account', () => {
    const user = { id: 'u1', email: 'ann@example.com', username: 'ann@example.com' };
    expect(refusal(() => decideActivateTrial(fold(), limits, now, user, ' '))).toEqual([
      400,
      'Please enter your email address to activate your free trial.',
    ]);
    expect(decideActivateTrial(fold(), limits, now, user, 'ANN@example.com').data).toEqual({
      userId: 'u1',
      trialStartDate: '2025-06-01T12:00:00.000Z',
      trialEndDate: '2025-06-04T12:00:00.000Z',
    });
    expect(refusal(() => decideActivateTrial(fold(trial), limits, now, user, 'ann@example.com'))).toEqual([
      400,
      'You have already used your free trial.',
    ]);
  });
});

describe('inputs, short codes, files, pages', () => {
  it('parses both colour spellings, defaults, and level M for dynamic codes (H with a logo)', () => {
    const input = parseCodeInput({ qrType: 'url', url: 'https://a.example', foregroundColor: '#123456', enableFrame: 'true' });
    expect(input).toMatchObject({
      mode: 'static',
      errorCorrectionLevel: 'H',
      style: { fgColor: '#123456', enableFrame: true, frameText: 'SCAN ME', qrStyle: 'squares' },
    });
    expect(parseCodeInput({ qrType: 'url', destination: 'https://d.example' }, { mode: 'dynamic' })).toMatchObject({
      errorCorrectionLevel: 'M',
      fields: { url: 'https://d.example' },
    });
    // A logo sent as a file makes the level H, whatever was asked or chosen.
    const dynamic = parseCodeInput(
      { qrType: 'url', qrData: '{"url":"https://d.example"}', errorCorrectionLevel: 'L' },
      { mode: 'dynamic' },
    );
    const logo = { originalName: 'logo.png', mimeType: 'image/png', bytes: Buffer.from('') };
    const user = { id: 'u1', tenantId: 1 } as AuthUser;
    expect(CreateQrCodeCommand.from(user, dynamic, logo).input.errorCorrectionLevel).toBe('H');
    expect(CreateQrCodeCommand.from(user, dynamic, null).input.errorCorrectionLevel).toBe('L');
    expect(() => parseCodeInput({ qrType: 'nope' })).toThrow('Please choose a QR code type from the list');
    expect(anonymousRefusal({ qrType: 'url', style: { ...DEFAULT_STORED_STYLE, gradientColor: '#ff00ff' }, logoFile: null })).toBe(
      'Second color requires an account! Sign up for free to unlock advanced color options.',
    );
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
    const page = renderHostedPage({
      qrType: 'contact',
      fields: { firstName: '<script>x</script>', phoneNumber: '+1 555', imageUrl: 'javascript:alert(1)' },
      origin: 'https://qr.example',
      tenantName: 'Acme & Co',
    });
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('javascript:');
    expect(page).toContain('&lt;script&gt;');
    expect(page).toContain('data:text/vcard');
    expect(page).toContain('Acme &amp; Co');
    expect(
      renderHostedPage({
        qrType: 'events',
        fields: { title: 'Gala', startDate: '2025-06-01', location: 'Hall' },
        origin: 'https://qr.example',
        tenantName: 'T',
      }),
    ).toContain('download="event.ics"');
  });

  it('subdomain info', () => {
    expect(subdomainInfo('menu.qrsharks.test:443', 'qrsharks.test')).toEqual({ isSubdomain: true, qrType: 'pdf', subdomain: 'menu' });
    expect(subdomainInfo('www.qrsharks.test', 'qrsharks.test')).toEqual({ isSubdomain: false, qrType: null, subdomain: null });
  });
});

describe('create: given the allowance on user-{id}, when a code is created', () => {
  const draft = (mode: 'static' | 'dynamic', extra: Partial<NewCode> = {}): NewCode => ({
    qrId: 'q9',
    userId: 'u1',
    mode,
    qrType: 'url',
    destination: mode === 'dynamic' ? 'https://a.example' : null,
    fields: { url: 'https://a.example' },
    style: DEFAULT_STORED_STYLE,
    errorCorrectionLevel: 'M',
    logoFileName: null,
    logoFilePath: null,
    ...extra,
  });

  it('a static code: QrCreated only (no short code, no slot, no allowance needed)', () => {
    expect(decideCreate(null, limits, now, draft('static'), 'Zz999999')).toEqual({
      qr: [{ type: 'QrCreated', data: { ...draft('static'), shortCode: null } }],
      shortCode: [],
      user: [],
    });
  });

  it('a dynamic code within the cap: QrCreated with its short code, ShortCodeReserved and DynamicQrSlotTaken', () => {
    const decision = decideCreate(fold(trial, ...slots(11)), limits, now, draft('dynamic'), 'AbCd1234');
    expect(decision).toEqual({
      qr: [{ type: 'QrCreated', data: { ...draft('dynamic'), shortCode: 'AbCd1234' } }],
      shortCode: [{ type: 'ShortCodeReserved', data: { shortCode: 'AbCd1234', qrId: 'q9' } }],
      user: [{ type: 'DynamicQrSlotTaken', data: { userId: 'u1', qrId: 'q9' } }],
    });
  });

  it('a dynamic code at the cap is refused (403, the spec message); a released slot or a subscription makes room', () => {
    expect(refusal(() => decideCreate(fold(...slots(3)), limits, now, draft('dynamic'), 'AbCd1234'))).toEqual([
      403,
      'You have reached your limit of 3 dynamic QR codes. Please upgrade to create more.',
    ]);
    expect(refusal(() => decideCreate(fold(trial, ...slots(12)), limits, now, draft('dynamic'), 'AbCd1234'))).toEqual([
      403,
      'You have reached your limit of 12 dynamic QR codes. Please upgrade to create more.',
    ]);
    const released = fold(...slots(3), { type: 'DynamicQrSlotReleased', data: { userId: 'u1', qrId: 'q1' } });
    expect(decideCreate(released, limits, now, draft('dynamic'), 'AbCd1234').user).toHaveLength(1);
    const paying = fold(...slots(30), { type: 'SubscriptionStatusChanged', data: { subscriptionStatus: 'active' } });
    expect(decideCreate(paying, limits, now, draft('dynamic'), 'AbCd1234').qr).toHaveLength(1);
  });

  it('the destination: web types need their http(s) URL, payment codes go to their checkout, others to their page', () => {
    const origin = 'https://qr.example';
    expect(
      decideDestination(
        { qrId: 'q9', mode: 'dynamic', qrType: 'url', fields: { url: 'https://menu.example' }, destination: null },
        origin,
        policy,
      ),
    ).toBe('https://menu.example/');
    expect(
      refusal(() =>
        decideDestination({ qrId: 'q9', mode: 'dynamic', qrType: 'social', fields: {}, destination: 'ftp://x.example' }, origin, policy),
      ),
    ).toEqual([400, 'URL must use http or https protocol']);
    expect(decideDestination({ qrId: 'q9', mode: 'dynamic', qrType: 'payment', fields: {}, destination: null }, origin, policy)).toBe(
      'https://qr.example/payment?id=q9',
    );
    expect(decideDestination({ qrId: 'q9', mode: 'dynamic', qrType: 'contact', fields: {}, destination: null }, origin, policy)).toBeNull();
    expect(
      decideDestination(
        { qrId: 'q9', mode: 'dynamic', qrType: 'pdf', fields: {}, destination: 'https://qr.example/pdf/1' },
        origin,
        policy,
      ),
    ).toBe('https://qr.example/pdf/1');
    expect(
      decideDestination(
        { qrId: 'q9', mode: 'static', qrType: 'url', fields: { url: 'https://a.example' }, destination: 'https://b.example' },
        origin,
        policy,
      ),
    ).toBeNull();
  });

  it('the fold keeps what the read model shows: timestamps from the envelopes, the pause time', () => {
    const state = [
      { type: 'QrCreated', data: created(), metadata: metadata('2025-06-01T10:00:00.000Z') },
      { type: 'QrPaused', data: { qrId: 'q1' }, metadata: metadata('2025-06-01T11:00:00.000Z') },
    ].reduce(evolveQr, initialQr);
    expect(state).toMatchObject({
      paused: true,
      createdAt: '2025-06-01T10:00:00.000Z',
      updatedAt: '2025-06-01T11:00:00.000Z',
      pausedAt: '2025-06-01T11:00:00.000Z',
    });
  });
});

describe('update: given a code, when its PUT is decided', () => {
  const logo = { logoFileName: 'brand.png', logoFilePath: '/logo/l1' };

  it('destination, content and style change together, each recorded with only what differs', () => {
    const state = given({ type: 'QrCreated', data: created() });
    const changes = parseCodeChanges({ destination: 'https://b.example', qrData: { url: 'https://c.example' }, fgColor: '#112233' });
    expect(decideUpdate(state, owner, changes, logo, policy).map((event) => [event.type, event.data])).toEqual([
      ['QrDestinationChanged', { qrId: 'q1', before: 'https://a.example', after: 'https://b.example/' }],
      ['QrContentChanged', { qrId: 'q1', before: { url: 'https://a.example' }, after: { url: 'https://c.example' } }],
      [
        'QrStyleChanged',
        { qrId: 'q1', before: { fgColor: '#000000', logoFileName: null, logoFilePath: null }, after: { fgColor: '#112233', ...logo } },
      ],
    ]);
  });

  it('nothing to change: a dynamic code asks for its URL, a static one says so; removeLogo alone is a change', () => {
    expect(fieldsOf(() => decideUpdate(given({ type: 'QrCreated', data: created() }), owner, parseCodeChanges({}), null, policy))).toEqual({
      destination: 'URL is required',
    });
    expect(
      refusal(() => decideUpdate(given({ type: 'QrCreated', data: created('static') }), owner, parseCodeChanges({}), null, policy)),
    ).toEqual([400, 'Nothing to change']);
    const withLogo = given({ type: 'QrCreated', data: { ...created('static'), ...logo } });
    expect(decideUpdate(withLogo, owner, parseCodeChanges({ removeLogo: 'true' }), null, policy)[0].data).toEqual({
      qrId: 'q1',
      before: logo,
      after: { logoFileName: null, logoFilePath: null },
    });
  });

  it('content is validated for the code’s own type with the spec messages; upload references stay', () => {
    const pdf = given({
      type: 'QrCreated',
      data: {
        ...created(),
        qrType: 'pdf',
        destination: 'https://qr.example/pdf/up1',
        fields: { title: 'Menu', description: '', uploadId: 'up1', pdfUrl: '/uploads/up1.pdf' },
      },
    });
    const [event] = decideUpdate(pdf, owner, parseCodeChanges({ qrData: { title: 'Lunch' } }), null, policy);
    expect(event.data).toEqual({ qrId: 'q1', before: { title: 'Menu' }, after: { title: 'Lunch' } });
    expect(
      fieldsOf(() =>
        decideUpdate(given({ type: 'QrCreated', data: created() }), owner, parseCodeChanges({ qrData: { url: '' } }), null, policy),
      ),
    ).toEqual({ url: 'URL is required' });
  });

  it('the dynamic route does not touch static codes, and nobody but the owner gets anything but 404', () => {
    expect(
      refusal(() =>
        decideUpdate(
          given({ type: 'QrCreated', data: created('static') }),
          owner,
          parseCodeChanges({ fgColor: '#111111' }),
          null,
          policy,
          'dynamic',
        ),
      ),
    ).toEqual([404, 'QR code not found']);
    expect(
      refusal(() =>
        decideUpdate(
          given({ type: 'QrCreated', data: created() }),
          { userId: 'u2', tenantId: 1 },
          parseCodeChanges({ fgColor: '#111111' }),
          null,
          policy,
        ),
      ),
    ).toEqual([404, 'QR code not found']);
  });

  it('a static code keeps the content it was printed with (400, nothing recorded); its name and style may change', () => {
    const state = given({ type: 'QrCreated', data: created('static') });
    const content = parseCodeChanges({ qrData: { url: 'https://other.example' }, fgColor: '#111111' });
    expect(refusal(() => decideUpdate(state, owner, content, null, policy))).toEqual([400, STATIC_CONTENT_FIXED]);
    expect(fieldsOf(() => decideUpdate(state, owner, content, null, policy))).toEqual({ qrData: STATIC_CONTENT_FIXED });
    const styled = decideUpdate(state, owner, parseCodeChanges({ name: 'Door', fgColor: '#111111' }), null, policy);
    expect(styled.map((event) => event.type)).toEqual(['QrRenamed', 'QrStyleChanged']);
  });

  it('a dynamic web or map code whose content changes leads where the new content says; a named destination wins', () => {
    const web = given({ type: 'QrCreated', data: created() });
    expect(decideUpdate(web, owner, parseCodeChanges({ qrData: { url: 'https://c.example/menu' } }), null, policy)).toEqual([
      { type: 'QrDestinationChanged', data: { qrId: 'q1', before: 'https://a.example', after: 'https://c.example/menu' } },
      { type: 'QrContentChanged', data: { qrId: 'q1', before: { url: 'https://a.example' }, after: { url: 'https://c.example/menu' } } },
    ]);
    expect(fieldsOf(() => decideUpdate(web, owner, parseCodeChanges({ qrData: { url: 'javascript:alert(1)' } }), null, policy))).toEqual({
      url: 'URL must use http or https protocol',
    });
    const place = { address: 'Quay 1', name: '', description: '', latitude: '', longitude: '' };
    const map = given({
      type: 'QrCreated',
      data: { ...created(), qrType: 'location', destination: contentDestination('location', place)!, fields: place },
    });
    const moved = decideUpdate(map, owner, parseCodeChanges({ qrData: { ...place, latitude: '51.5', longitude: '-0.12' } }), null, policy);
    expect(
      moved.map((event) => [
        event.type,
        event.type === 'QrDestinationChanged' || event.type === 'QrContentChanged' ? event.data.after : null,
      ]),
    ).toEqual([
      ['QrDestinationChanged', 'https://www.google.com/maps/search/?api=1&query=51.5,-0.12'],
      ['QrContentChanged', { latitude: '51.5', longitude: '-0.12' }],
    ]);
    // A contact's hosted page is its destination: a content change does not move it.
    const contact = given({ type: 'QrCreated', data: { ...created(), qrType: 'contact', destination: null, fields: { firstName: 'A' } } });
    const renamed = decideUpdate(
      contact,
      owner,
      parseCodeChanges({ qrData: { firstName: 'B', phoneNumber: '+441234567890' } }),
      null,
      policy,
    );
    expect(renamed.map((event) => event.type)).toEqual(['QrContentChanged']);
  });

  it('style values are checked with the spec messages before any decision', () => {
    expect(fieldsOf(() => parseCodeChanges({ dotShape: 'star' }))).toEqual({ dotShape: 'Dot shape must be square, circle or rounded' });
  });
});

describe('delete frees the slot of a dynamic code only', () => {
  it('given a dynamic code, when deleted, then QrDeleted and DynamicQrSlotReleased on its owner', () => {
    const state = given({ type: 'QrCreated', data: created() });
    expect(decideDelete(state, owner, 'dynamic')).toEqual([{ type: 'QrDeleted', data: { qrId: 'q1' } }]);
    expect(releasedSlot(state)).toEqual([{ type: 'DynamicQrSlotReleased', data: { userId: 'u1', qrId: 'q1' } }]);
    expect(releasedSlot(given({ type: 'QrCreated', data: created('static') }))).toEqual([]);
  });
});

describe('tracking: when a code is generated or downloaded', () => {
  const info = { ip: '203.0.113.7', userAgent: 'jest', referrer: 'https://ref.example/' };

  it('then one event with the hashed IP (never the IP), on the session’s stream', () => {
    const { key, event } = decideTrack(
      'QrGenerated',
      {
        qrCodeId: null,
        sessionId: 'anon_1_abc',
        qrType: 'url',
        qrContent: 'https://a.example',
        foregroundColor: '#000000',
        backgroundColor: '#FFFFFF',
        hasLogo: false,
      },
      { userId: null, salt: 's' },
      info,
    );
    expect(key).toBe('anon_1_abc');
    expect(event).toMatchObject({
      type: 'QrGenerated',
      data: { sessionId: 'anon_1_abc', userId: null, userAgent: 'jest', referrer: 'https://ref.example/' },
    });
    expect(event.data.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(event)).not.toContain('203.0.113.7');
  });

  it('a session id that is not one falls back to the code, then the user; texts are bounded', () => {
    const { key, event } = decideTrack(
      'QrDownloaded',
      {
        qrCodeId: 'q1',
        sessionId: 'bad id!',
        qrType: 'x'.repeat(50),
        qrContent: 'y'.repeat(5000),
        foregroundColor: null,
        backgroundColor: null,
        hasLogo: true,
        downloadType: 'svg',
      },
      { userId: 'u1', salt: 's' },
      { ip: null, userAgent: null, referrer: null },
    );
    expect(key).toBe('q1');
    expect(event.data).toMatchObject({ sessionId: 'user_u1', userId: 'u1', ipHash: null, downloadType: 'svg' });
    expect(event.data.qrType).toHaveLength(20);
    expect(event.data.qrContent).toHaveLength(4096);
  });
});
