// The operations screens' calls (issue 19): /api/admin/projections, projection-rebuilds, dead-letters, scan-pipeline.
import { API, httpClient } from '../data-provider';

export interface Rebuild {
  id: string;
  projection: string;
  requestedBy: string;
  requestedAt: string;
  state: 'requested' | 'running' | 'done' | 'failed';
  processed: number;
  total: number | null;
  percent: number;
  startedAt: string | null;
  swappedAt: string | null;
  swapMs: number | null;
  finishedAt: string | null;
  error: string | null;
}

export interface ProjectionStatus {
  id: string;
  name: string;
  tables: string[];
  checkpoint: { commit: string; prepare: string };
  checkpointAt: string | null;
  /** null with EventStoreDB (counted in PostgreSQL's events table only). */
  lagEvents: number | null;
  lagCapped: boolean;
  lagSeconds: number | null;
  eventsPerSecond: number | null;
  state: 'live' | 'catching up' | 'stalled' | 'rebuild requested' | 'rebuilding';
  deadLetters: number;
  lastRebuild: Rebuild | null;
}

export interface ScanPipeline {
  streamLength: number;
  pending: number;
  consumers: number;
  oldestWaitingSeconds: number | null;
  ingestRatePerSecond: number;
  ingestRateLast10s: number;
  ingestedLastMinute: number;
  lastIngested: { scanId: string; qrId: string; scannedAt: string; ingestedAt: string } | null;
}

export interface DeadLetter {
  id: string;
  projection: string;
  eventId: string;
  eventType: string;
  position: { commit: string; prepare: string };
  error: string;
  failedAt: string;
  state: 'open' | 'retried' | 'skipped';
  resolvedAt: string | null;
  resolvedBy: string | null;
  event?: { streamId: string; revision: string; type: string; data: unknown; metadata: unknown } | null;
}

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
