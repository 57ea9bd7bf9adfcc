// The signed-in person's plan as account settings and pricing name it (issue 30 item 5): "Free trial (N days left)"
// while the trial runs, not "Free". Days from GET /api/trial-status (the server's count), named by qr-core's planLabel,
// as the staff console names them.
import { PAYING_STATUSES, planLabel } from '@qrsharks/qr-core/browser';
import { useQuery } from '@tanstack/react-query';
import { useUser } from '../api/http';
import type { ApiAnswer } from '../api/types';
import { TRIAL_STATUS_KEY } from './TrialCard';

/** GET /api/trial-status, as the server's OpenAPI document describes it. */
type TrialStatus = ApiAnswer<'/api/trial-status'>;

export interface Plan {
  label: string;
  trialRunning: boolean;
  paying: boolean;
}

/** Null signed out or while the trial status loads. */
export function usePlan(): Plan | null {
  const { user } = useUser();
  const status = useQuery<TrialStatus | null>({ queryKey: TRIAL_STATUS_KEY, enabled: Boolean(user) });
  if (!user || !status.data) return null;
  const subscription = status.data.subscriptionStatus ?? user.subscriptionStatus ?? 'free';
  const paying = PAYING_STATUSES.includes(subscription);
  const days = status.data.isActive ? (status.data.daysRemaining ?? 0) : 0;
  return { label: planLabel(subscription, days), trialRunning: !paying && days > 0, paying };
}
