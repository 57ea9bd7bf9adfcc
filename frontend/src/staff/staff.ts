// Who is using the staff console and what they may do (GET /api/admin/me): the console hides what the server would refuse.
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '../api/types';
import { httpClient, API } from './data-provider';

/** GET /api/admin/me, as the server's OpenAPI document describes it. */
export type Staff = ApiAnswer<'/api/admin/me'>;
/** What staff may do (the server's STAFF_ACTIONS). */
export type StaffAction = Staff['permissions'][number];

export const STAFF_KEY = ['/api/admin/me'] as const;

/** null while loading and for anyone who is not staff (401 or 403). */
export function useStaff(): { staff: Staff | null; isLoading: boolean } {
  const query = useQuery<Staff | null>({
    queryKey: STAFF_KEY,
    queryFn: () =>
      httpClient(`${API}/me`).then(
        ({ json }) => json as Staff,
        () => null,
      ),
    staleTime: 60_000,
  });
  return { staff: query.data ?? null, isLoading: query.isLoading };
}

export function useCan(action: StaffAction): boolean {
  return useStaff().staff?.permissions.includes(action) ?? false;
}
