// The batches routes (issue 35) as the batch creator (/bulk-generation) and the dashboard's Batches page read them.
import { apiJson } from './http';
import type { ApiAnswer } from './types';

export type Batch = ApiAnswer<'/api/batches/{id}'>;
export type PrintLayout = 'a4-3x8' | 'letter-3x10' | 'a4-1';

export const BATCHES_KEY = ['/api/batches'] as const;

export const getBatch = (id: string) => apiJson<Batch>('GET', `/api/batches/${id}`);
export const listBatches = () => apiJson<Batch[]>('GET', '/api/batches');

export const zipUrl = (id: string) => `/api/batches/${id}/codes.zip?format=both`;
export const pdfUrl = (id: string, layout: PrintLayout = 'a4-3x8') => `/api/batches/${id}/print.pdf?layout=${layout}`;

export const isRunning = (batch: Pick<Batch, 'state'>) => batch.state === 'queued' || batch.state === 'running';
export const percentDone = (batch: Pick<Batch, 'processed' | 'total'>) =>
  batch.total ? Math.round((batch.processed / batch.total) * 100) : 0;
