// GET /api/trial-status as the dashboard reads it: refetched every 5 minutes, never on window focus (core spec
// section 9). The dashboard keeps its own copy of these few lines rather than importing the generator's hooks, so the
// landing page's chunks stay as they are (a module shared by both would become a chunk of its own on the landing).
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../api/types';

/** GET /api/trial-status, as the server's OpenAPI document describes it. */
export type TrialStatus = ApiAnswer<'/api/trial-status'>;

/** The same key as the generator's and the trial card's, so one fetch serves them all. */
export const TRIAL_STATUS_KEY = ['/api/trial-status'] as const;
export const TRIAL_REFETCH_MS = 5 * 60 * 1000;

export function useTrial(): TrialStatus | null {
  const query = useQuery<TrialStatus | null>({
    queryKey: TRIAL_STATUS_KEY,
    refetchInterval: TRIAL_REFETCH_MS,
    refetchOnWindowFocus: false,
  });
  return query.data ?? null;
}

/** Core spec section 8: the 'Dynamic QR Code limit reached' message. */
export const limitMessage = (limit: number) => `You have reached your limit of ${limit} dynamic QR codes. Please upgrade to create more.`;
