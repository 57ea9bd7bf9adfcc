// The signed-in person's plan as account settings and pricing name it (issue 30 item 5): "Free trial (N days left)"
// while the trial runs, not "Free". Days from GET /api/trial-status (the server's count), named by qr-core's planLabel,
// as the staff console names them.
import { PAYING_STATUSES, planLabel } from '@qrsharks/qr-core/browser';
import { useUser } from '../api/http';
import { useTrialStatus } from './trial-status';

export interface Plan {
  label: string;
  trialRunning: boolean;
  paying: boolean;
}

/** Null signed out or while the trial status loads. */
export function usePlan(): Plan | null {
  const { user } = useUser();
  const status = useTrialStatus(Boolean(user));
  if (!user || !status) return null;
  const subscription = status.subscriptionStatus ?? user.subscriptionStatus ?? 'free';
  const paying = PAYING_STATUSES.includes(subscription);
  const days = status.isActive ? (status.daysRemaining ?? 0) : 0;
  return { label: planLabel(subscription, days), trialRunning: !paying && days > 0, paying };
}
