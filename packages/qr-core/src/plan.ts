// How every screen names a person's plan (issue 30 item 5): account settings, pricing and the staff console say
// "Free trial (N days left)" while the 3-day trial runs, not "Free". The days are counted as GET /api/trial-status
// counts them (codes/trial/allowance.ts uses trialDaysLeft): whole days, rounded up, 0 once the trial has ended.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stripe's statuses of a paying subscription: they lift the dynamic cap, and the plan is named by them. */
export const PAYING_STATUSES: readonly string[] = ['active', 'trialing'];

/** Whole days left of a trial ending at `trialEndDate` (rounded up); 0 when there is none or it has ended. */
export function trialDaysLeft(trialEndDate: string | Date | null | undefined, now: Date = new Date()): number {
  if (!trialEndDate) return 0;
  const end = typeof trialEndDate === 'string' ? Date.parse(trialEndDate) : trialEndDate.getTime();
  if (Number.isNaN(end) || end <= now.getTime()) return 0;
  return Math.ceil((end - now.getTime()) / DAY_MS);
}

/**
 * The plan as people read it: a paying subscription by its status ("Active", "Trialing"); else, while the free trial
 * runs, "Free trial (1 day left)" / "Free trial (3 days left)"; else "Free", or the subscription's last status
 * ("Canceled", "Past due").
 */
export function planLabel(subscriptionStatus: string | null | undefined, trialDays: number): string {
  const status = subscriptionStatus || 'free';
  if (!PAYING_STATUSES.includes(status) && trialDays > 0) return `Free trial (${trialDays} ${trialDays === 1 ? 'day' : 'days'} left)`;
  if (status === 'free') return 'Free';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
