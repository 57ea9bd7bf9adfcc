import { campaignIds, MINUTE_MS } from './campaign-id';

describe('campaign ids', () => {
  const request = { subject: 'Tips', content: 'Hello', includeStats: false };
  const t = 1_000 * MINUTE_MS + 30_000;

  it('the same request by the same admin within a minute names the same campaign (this minute or the one before)', () => {
    const [first] = campaignIds('admin-1', 'newsletter', request, null, t);
    const later = campaignIds('admin-1', 'newsletter', request, null, t + 45_000);
    expect(later).toContain(first);
    expect(later[0]).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('another admin, kind, subject, content or stats switch names another campaign', () => {
    const [base] = campaignIds('admin-1', 'newsletter', request, null, t);
    for (const ids of [
      campaignIds('admin-2', 'newsletter', request, null, t),
      campaignIds('admin-1', 'newsletter-test', request, null, t),
      campaignIds('admin-1', 'newsletter', { ...request, subject: 'Other' }, null, t),
      campaignIds('admin-1', 'newsletter', { ...request, content: 'Other' }, null, t),
      campaignIds('admin-1', 'newsletter', { ...request, includeStats: true }, null, t),
    ])
      expect(ids).not.toContain(base);
  });

  it('an Idempotency-Key names one campaign whatever the time', () => {
    expect(campaignIds('admin-1', 'welcome', request, 'k', t)).toEqual(campaignIds('admin-1', 'welcome', request, 'k', t + 3_600_000));
    expect(campaignIds('admin-1', 'welcome', request, 'k', t)).toHaveLength(1);
  });
});
