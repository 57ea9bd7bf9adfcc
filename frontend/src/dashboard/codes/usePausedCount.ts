import { useGetList } from 'react-admin';
import { CODES, type DashboardCode } from '../data-provider';

/** The menu's badge: how many dynamic codes are paused (the list route's total for paused=true, one row read). */
export function usePausedCount(): number {
  const { total } = useGetList<DashboardCode>(
    CODES,
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { paused: true } },
    { staleTime: 0, refetchOnMount: 'always' },
  );
  return total ?? 0;
}
