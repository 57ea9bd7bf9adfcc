// GET /api/trial-status, declared once for the site, the generator and the dashboard: one query key (one fetch serves
// every screen), one hook, refetched every 5 minutes and never on window focus (core spec section 9).
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../api/types';

/** GET /api/trial-status, as the server's OpenAPI document describes it. */
export type TrialStatus = ApiAnswer<'/api/trial-status'>;

export const TRIAL_STATUS_KEY = ['/api/trial-status'] as const;
export const TRIAL_REFETCH_MS = 5 * 60 * 1000;

/** The signed-in user's trial status (the shared query client supplies the fetch); null signed out or while it loads. */
export function useTrialStatus(signedIn = true): TrialStatus | null {
  const query = useQuery<TrialStatus | null>({
    queryKey: TRIAL_STATUS_KEY,
    enabled: signedIn,
    refetchInterval: TRIAL_REFETCH_MS,
    refetchOnWindowFocus: false,
  });
  return signedIn ? (query.data ?? null) : null;
}

/** Core spec section 8: the 'Dynamic QR Code limit reached' message. */
export function dynamicLimitMessage(limit: number): string {
  return `You have reached your limit of ${limit} dynamic QR codes. Please upgrade to create more.`;
}
