// The operations screens' calls (issue 19): /api/admin/projections, projection-rebuilds, dead-letters, scan-pipeline.
import type { ApiAnswer } from '../../api/types';
import { API, httpClient } from '../data-provider';

// The answers, as the server's OpenAPI document describes them (backend/src/operations/operations.answers.ts).
export type Rebuild = ApiAnswer<'/api/admin/projection-rebuilds/{id}'>;
export type ProjectionStatus = ApiAnswer<'/api/admin/projections/{name}'>;
export type ScanPipeline = ApiAnswer<'/api/admin/scan-pipeline'>;
/** A row of the dead-letter list; the page of one adds the failing event (DeadLetter). */
export type DeadLetterRow = ApiAnswer<'/api/admin/dead-letters'>[number];
export type DeadLetter = ApiAnswer<'/api/admin/dead-letters/{id}'>;

const get = <T>(path: string) => httpClient(`${API}${path}`).then(({ json }) => json as T);
const post = <T>(path: string, body?: unknown) =>
  httpClient(`${API}${path}`, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) }).then(
    ({ json }) => json as T,
  );

export const opsApi = {
  projections: () => get<ProjectionStatus[]>('/projections'),
  scanPipeline: () => get<ScanPipeline>('/scan-pipeline'),
  requestRebuild: (projection: string) => post<Rebuild>('/projection-rebuilds', { projection }),
  recentRebuilds: () => get<Rebuild[]>(`/projection-rebuilds?range=${encodeURIComponent('[0,9]')}`),
  retry: (id: string) => post<DeadLetter>(`/dead-letters/${id}/retry`),
  skip: (id: string) => post<DeadLetter>(`/dead-letters/${id}/skip`),
};

/** A count people read at a glance: 12,345. */
export const count = (value: number) => value.toLocaleString('en-US');

/** 75 -> '1 min 15 s'; 0 -> '0 s'. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}
