import { decideCreateShare } from './share-links';

/**
 * The share links' decisions answer typed events (issue 29 item 1): `npm run typecheck` compiles this file, so the
 * @ts-expect-error fails it once they are typed as `Decided` (any type name with any data) again.
 */
describe('decided share events are typed', () => {
  it('pairs the type with its data', () => {
    type Share = ReturnType<typeof decideCreateShare>[number];
    // @ts-expect-error a revocation names the share and the code, not an expiry
    const revoked: Share = { type: 'AnalyticsShareRevoked', data: { shareId: 's1', expiresAt: 'soon' } };
    expect(revoked.type).toBe('AnalyticsShareRevoked');
  });
});
