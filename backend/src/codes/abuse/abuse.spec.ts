import { DomainError } from '../../common/domain-error';
import { checkDestination, ownHostPolicy } from '../destination';
import { decideLiftSuspension, decideResume, decideSuspend, evolveQr, initialQr, type QrState } from '../qr-code';
import type { QrCreated } from '../qr-code.events';
import { decideBlock, decideUnblock, evolveBlockedDomain, initialBlockedDomain } from './blocked-domain';

const created = (mode: 'static' | 'dynamic', tenantId = 2): { type: string; data: QrCreated; metadata: { tenantId: number } } => ({
  type: 'QrCreated',
  data: { qrId: 'q1', userId: 'u1', mode, qrType: 'url', shortCode: mode === 'dynamic' ? 'abcd1234' : null } as QrCreated,
  metadata: { tenantId },
});
const given = (...events: { type: string; data: unknown; metadata?: object }[]): QrState =>
  events.reduce((state, event) => evolveQr(state, event as Parameters<typeof evolveQr>[1]), initialQr);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { status: (error as DomainError).status, message: (error as DomainError).message };
  }
  throw new Error('expected a refusal');
};

describe('abuse: suspending codes and the destination blocklist (pure decisions)', () => {
  it('staff suspend a dynamic code of a tenant they reach, once; the owner cannot resume it until it is lifted', () => {
    const code = given(created('dynamic'));
    expect(decideSuspend(code, 2, 'Phishing')).toEqual([{ type: 'QrSuspended', data: { qrId: 'q1', reason: 'Phishing' } }]);
    // The default brand's staff reach every tenant; another tenant's staff do not (404, like an unknown code).
    expect(decideSuspend(code, 1, 'Phishing')).toHaveLength(1);
    expect(refusal(() => decideSuspend(code, 3, 'Phishing')).status).toBe(404);
    expect(refusal(() => decideSuspend(given(created('static')), 2, 'x')).status).toBe(400);

    const suspended = given(
      created('dynamic'),
      { type: 'QrPaused', data: { qrId: 'q1' } },
      { type: 'QrSuspended', data: { qrId: 'q1', reason: 'Phishing' } },
    );
    expect(suspended.suspensionReason).toBe('Phishing');
    expect(decideSuspend(suspended, 2, 'Again')).toEqual([]);
    expect(refusal(() => decideResume(suspended, { userId: 'u1', tenantId: 2 }))).toEqual({
      status: 403,
      message: 'This QR code was suspended by our staff and cannot be resumed. Please contact support.',
    });
    const lifted = evolveQr(suspended, { type: 'QrSuspensionLifted', data: { qrId: 'q1' } } as Parameters<typeof evolveQr>[1]);
    expect(lifted.suspensionReason).toBeNull();
    expect(decideLiftSuspension(lifted, 2)).toEqual([]);
    expect(decideResume(lifted, { userId: 'u1', tenantId: 2 })).toEqual([{ type: 'QrResumed', data: { qrId: 'q1' } }]);
  });

  it('a domain is blocked once and unblocked only when blocked', () => {
    expect(decideBlock(initialBlockedDomain, 'phish.example', 'Malware')).toEqual([
      { type: 'DomainBlocked', data: { domain: 'phish.example', reason: 'Malware' } },
    ]);
    const blocked = evolveBlockedDomain(initialBlockedDomain, {
      type: 'DomainBlocked',
      data: { domain: 'phish.example', reason: 'Malware' },
    });
    expect(decideBlock(blocked, 'phish.example', 'Other')).toEqual([]);
    expect(decideUnblock(blocked, 'phish.example')).toEqual([{ type: 'DomainUnblocked', data: { domain: 'phish.example' } }]);
    expect(refusal(() => decideUnblock(initialBlockedDomain, 'phish.example')).status).toBe(404);
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
      expect(refusal(() => checkDestination(url, policy))).toEqual({
        status: 400,
        message: 'URL points to a blocked domain: this destination was reported for abuse',
      });
    }
    expect(checkDestination('https://notphish.example/', policy)).toBe('https://notphish.example/');
    expect(checkDestination('https://phish.example.com/', policy)).toBe('https://phish.example.com/');
  });
});
