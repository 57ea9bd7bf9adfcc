import type { CreateDecision } from './qr-code';

/**
 * Decide functions answer typed events (issue 29 item 1): the compiler checks that each event's data is its type's.
 * `npm run typecheck` compiles this file, so each @ts-expect-error fails it once a decision is typed as `Decided`
 * (any type name with any data) again.
 */
describe('decided events are typed', () => {
  it("pairs each decided event's type with its data", () => {
    const shortCode: CreateDecision['shortCode'] = [
      // @ts-expect-error a short code's stream holds ShortCodeReserved only
      { type: 'QrCreated', data: { shortCode: 'abcd1234', qrId: 'q1' } },
    ];
    const qr: CreateDecision['qr'] = [
      // @ts-expect-error QrRenamed's data names the name before and after
      { type: 'QrRenamed', data: { qrId: 'q1', name: 'Menu' } },
    ];
    expect([shortCode.length, qr.length]).toEqual([1, 1]);
  });
});
