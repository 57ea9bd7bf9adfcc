import type { Scanned } from '../../scans';
import type { ScannedAsCounted } from './codes.projection';

/**
 * Codes sits below scans (scans projects codes' events), so the codes projection declares the part of scans' Scanned
 * it counts instead of importing it. This file may import both: `npm run typecheck` fails here when scans' type and
 * codes' view of it part (a field renamed, retyped or made optional).
 */
describe("codes' view of Scanned", () => {
  it("is what every one of scans' Scanned events carries", () => {
    const counted = (scan: Scanned): ScannedAsCounted['Scanned'] => scan;
    const scan: Scanned = {
      scanId: 's1',
      qrId: 'q1',
      shortCode: 'abcd1234',
      scannedAt: '2026-01-01T00:00:00.000Z',
      visitorHash: 'v',
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      referrer: null,
      country: null,
      language: null,
      isBot: false,
      botReason: null,
    };
    expect(counted(scan)).toMatchObject({ qrId: 'q1', isBot: false, scannedAt: '2026-01-01T00:00:00.000Z' });
  });
});
