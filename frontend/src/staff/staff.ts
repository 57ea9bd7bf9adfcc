// Who is using the staff console and what they may do (GET /api/admin/me): the console hides what the server would refuse.
import { useQuery } from '@tanstack/react-query';
import { httpClient, API } from './data-provider';

export type StaffAction =
  | 'read'
  | 'suspendCodes'
  | 'manageTenants'
  | 'changeRoles'
  | 'disableAccounts'
  | 'manageBlocklist'
  | 'deleteTenants'
  | 'operate'
  | 'sendCampaigns';

export interface Staff {
  id: string;
  email: string;
  tenantId: number;
  roles: string[];
  permissions: StaffAction[];
  allTenants: boolean;
}

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
