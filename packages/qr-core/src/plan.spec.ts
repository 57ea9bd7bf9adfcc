import { planLabel, trialDaysLeft } from './plan';

const NOW = new Date('2026-05-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

describe('trialDaysLeft', () => {
  it('counts whole days rounded up, as the trial status does', () => {
    expect(trialDaysLeft(later(72), NOW)).toBe(3);
    expect(trialDaysLeft(later(71), NOW)).toBe(3);
    expect(trialDaysLeft(later(48), NOW)).toBe(2);
    expect(trialDaysLeft(later(20), NOW)).toBe(1);
    expect(trialDaysLeft(new Date(NOW.getTime() + 1), NOW)).toBe(1);
  });

  it('is 0 without a trial, once it ended, or for a date it cannot read', () => {
    expect(trialDaysLeft(null, NOW)).toBe(0);
    expect(trialDaysLeft(undefined, NOW)).toBe(0);
    expect(trialDaysLeft(NOW.toISOString(), NOW)).toBe(0);
    expect(trialDaysLeft(later(-5), NOW)).toBe(0);
    expect(trialDaysLeft('not a date', NOW)).toBe(0);
  });
});

describe('planLabel', () => {
  it('names a running free trial with its days left, singular for one', () => {
    expect(planLabel('free', 3)).toBe('Free trial (3 days left)');
    expect(planLabel(null, 2)).toBe('Free trial (2 days left)');
    expect(planLabel('free', 1)).toBe('Free trial (1 day left)');
  });

  it('is Free without a trial or after it', () => {
    expect(planLabel('free', 0)).toBe('Free');
    expect(planLabel(undefined, 0)).toBe('Free');
    expect(planLabel('', 0)).toBe('Free');
  });

  it('names a paying subscription by its status, trial or not', () => {
    expect(planLabel('active', 2)).toBe('Active');
    expect(planLabel('trialing', 0)).toBe('Trialing');
  });

  it('names an ended subscription by its status unless the free trial runs', () => {
    expect(planLabel('past_due', 0)).toBe('Past due');
    expect(planLabel('canceled', 0)).toBe('Canceled');
    expect(planLabel('canceled', 1)).toBe('Free trial (1 day left)');
  });
});
