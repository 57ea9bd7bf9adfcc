// The staff console's one data provider: ra-data-simple-rest on /api/admin/{resource} (the server speaks its dialect:
// sort, range, filter with q and id, Content-Range), plus the staff console's actions, which are not CRUD.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { raHttpClient } from '../api/ra-http';
import type { ApiAnswer } from '../api/types';

export const API = '/api/admin';
/** The app's one client in react-admin's shape (api/ra-http.ts). */
export const httpClient = raHttpClient;

const rest = simpleRestProvider(API, httpClient);

const post = <T>(path: string, body?: unknown) =>
  httpClient(`${API}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) }).then(
    ({ json }) => json as T,
  );
const remove = <T>(path: string) => httpClient(`${API}${path}`, { method: 'DELETE' }).then(({ json }) => json as T);

type RoleAnswer = ApiAnswer<'/api/admin/users/{id}/roles/{role}', 'post'>;
type AccountAnswer = ApiAnswer<'/api/admin/users/{id}/disable', 'post'>;
/** What suspending a code, and lifting its suspension, answer: the code (or that it is deleted). */
export type SuspensionAnswer = ApiAnswer<'/api/admin/codes/{id}/suspension', 'post'>;

/** The staff console's actions, answered as the server documents them (schema.d.ts). */
export interface StaffActions {
  grantRole(userId: string, role: 'support' | 'admin'): Promise<RoleAnswer>;
  revokeRole(userId: string, role: 'support' | 'admin'): Promise<ApiAnswer<'/api/admin/users/{id}/roles/{role}', 'delete'>>;
  disableAccount(userId: string, reason: string): Promise<AccountAnswer>;
  enableAccount(userId: string): Promise<ApiAnswer<'/api/admin/users/{id}/enable', 'post'>>;
  suspendCode(qrId: string, reason: string): Promise<SuspensionAnswer>;
  liftSuspension(qrId: string): Promise<ApiAnswer<'/api/admin/codes/{id}/suspension', 'delete'>>;
}

export const dataProvider: DataProvider & StaffActions = {
  ...rest,
  grantRole: (userId, role) => post(`/users/${userId}/roles/${role}`),
  revokeRole: (userId, role) => remove(`/users/${userId}/roles/${role}`),
  disableAccount: (userId, reason) => post(`/users/${userId}/disable`, { reason }),
  enableAccount: (userId) => post(`/users/${userId}/enable`),
  suspendCode: (qrId, reason) => post(`/codes/${qrId}/suspension`, { reason }),
  liftSuspension: (qrId) => remove(`/codes/${qrId}/suspension`),
};

/** The CSV export of the audit log's current view: the same filter and sort, from the server (not paged). */
export function eventsCsvUrl(filter: Record<string, unknown>, sort: { field: string; order: string }): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `${API}/events.csv?${params.toString()}`;
}
