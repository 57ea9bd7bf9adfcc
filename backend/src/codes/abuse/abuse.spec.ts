import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { aggregate, refusalOf } from '../../test-support/given-when-then';
import { checkDestination, ownHostPolicy } from '../destinations/destination';
import { decideLiftSuspension, decideResume, decideSuspend, evolveQr, initialQr, type QrState } from '../model/qr-code';
import type { QrCreated } from '../model/qr-code.events';
import { decideBlock, decideUnblock, evolveBlockedDomain, initialBlockedDomain, type BlockedDomainState } from './blocked-domain';

const created = (mode: 'static' | 'dynamic', tenantId = 2): Evolvable => ({
  type: 'QrCreated',
  data: { qrId: 'q1', userId: 'u1', mode, qrType: 'url', shortCode: mode === 'dynamic' ? 'abcd1234' : null } as QrCreated,
  metadata: { tenantId } as Evolvable['metadata'],
});
const code = aggregate<QrState, Evolvable>(initialQr, evolveQr);
const domain = aggregate<BlockedDomainState, Evolvable>(initialBlockedDomain, evolveBlockedDomain);
const paused = { type: 'QrPaused', data: { qrId: 'q1' } } as const;
const suspendedEvent = { type: 'QrSuspended', data: { qrId: 'q1', reason: 'Phishing' } } as const;
const lifted = { type: 'QrSuspensionLifted', data: { qrId: 'q1' } } as const;

describe('abuse: suspending codes and the destination blocklist (pure decisions)', () => {
  it('staff suspend a dynamic code of a tenant they reach, once; the owner cannot resume it until it is lifted', () => {
    const dynamic = code.given(created('dynamic'));
    dynamic.when((state) => decideSuspend(state, 2, 'Phishing')).then([suspendedEvent]);
    // The default brand's staff reach every tenant; another tenant's staff do not (404, like an unknown code).
    dynamic.when((state) => decideSuspend(state, 1, 'Phishing')).then([suspendedEvent]);
    dynamic.when((state) => decideSuspend(state, 3, 'Phishing')).thenRefuses({ status: 404 });
    code
      .given(created('static'))
      .when((state) => decideSuspend(state, 2, 'x'))
      .thenRefuses({ status: 400 });

    const suspended = code.given(created('dynamic'), paused, suspendedEvent);
    expect(suspended.state.suspensionReason).toBe('Phishing');
    suspended.when((state) => decideSuspend(state, 2, 'Again')).then([]);
    suspended
      .when((state) => decideResume(state, { userId: 'u1', tenantId: 2 }))
      .thenRefuses({ status: 403, message: 'This QR code was suspended by our staff and cannot be resumed. Please contact support.' });
    const liftedCode = code.given(created('dynamic'), paused, suspendedEvent, lifted);
    expect(liftedCode.state.suspensionReason).toBeNull();
    liftedCode.when((state) => decideLiftSuspension(state, 2)).then([]);
    liftedCode.when((state) => decideResume(state, { userId: 'u1', tenantId: 2 })).then([{ type: 'QrResumed', data: { qrId: 'q1' } }]);
  });

  it('a domain is blocked once and unblocked only when blocked', () => {
    const blocked = { type: 'DomainBlocked', data: { domain: 'phish.example', reason: 'Malware' } } as const;
    domain
      .given()
      .when((state) => decideBlock(state, 'phish.example', 'Malware'))
      .then([blocked]);
    domain
      .given(blocked)
      .when((state) => decideBlock(state, 'phish.example', 'Other'))
      .then([]);
    domain
      .given(blocked)
      .when((state) => decideUnblock(state, 'phish.example'))
      .then([{ type: 'DomainUnblocked', data: { domain: 'phish.example' } }]);
    domain
      .given()
      .when((state) => decideUnblock(state, 'phish.example'))
      .thenRefuses({ status: 404 });
  });

  it('destinations on a blocked domain or its subdomains are refused with the message; look-alike names are not', () => {
    const policy = ownHostPolicy({
      publicOrigin: 'https://qrsharks.test',
      baseDomain: 'qrsharks.test',
      tenantHosts: [],
      allowPrivate: false,
      blockedDomains: ['phish.example'],
    });
    for (const url of ['https://phish.example/', 'http://login.phish.example/x', 'https://PHISH.example./a']) {
      const refused = refusalOf(() => checkDestination(url, policy));
      expect([refused.status, refused.message]).toEqual([400, 'URL points to a blocked domain: this destination was reported for abuse']);
    }
    expect(checkDestination('https://notphish.example/', policy)).toBe('https://notphish.example/');
    expect(checkDestination('https://phish.example.com/', policy)).toBe('https://phish.example.com/');
  });
});
