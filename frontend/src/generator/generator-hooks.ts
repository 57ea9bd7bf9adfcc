// The trial status as the generator needs it: may this user create another dynamic code?
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../api/types';

/** GET /api/trial-status, as the server's OpenAPI document describes it. */
export type TrialStatus = ApiAnswer<'/api/trial-status'>;

export const TRIAL_STATUS_KEY = ['/api/trial-status'] as const;
/** Spec section 9: refetched every 5 minutes, never on window focus. */
export const TRIAL_REFETCH_MS = 5 * 60 * 1000;

/** GET /api/trial-status for signed-in users (the shared query client supplies the fetch). */
export function useTrialStatus(signedIn: boolean): TrialStatus | null {
  const query = useQuery<TrialStatus | null>({
    queryKey: TRIAL_STATUS_KEY,
    enabled: signedIn,
    refetchInterval: TRIAL_REFETCH_MS,
    refetchOnWindowFocus: false,
  });
  return signedIn ? (query.data ?? null) : null;
}

export function dynamicLimitMessage(limit: number): string {
  return `You have reached your limit of ${limit} dynamic QR codes. Please upgrade to create more.`;
}
