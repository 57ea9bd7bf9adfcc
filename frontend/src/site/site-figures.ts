// Every figure the public site states, from the code or the data, never by hand (issue 15, item 6): the content
// types are the generator's own list, the totals come live from GET /api/public-stats (the server's read models,
// cached there for a minute). A figure the server cannot give is left out.
import { useQuery } from '@tanstack/react-query';
import { send } from '../api/http';
import type { ApiAnswer } from '../api/types';
import { GENERATOR_TYPES } from '../generator/gates';
import { QR_TYPE_LABELS } from '../ui/qr-types';

/** How many content types the generator offers: counted from its list. */
export const CONTENT_TYPE_COUNT = GENERATOR_TYPES.length;

/** 'A, B and C' of the generator's type labels, in its order. */
export const CONTENT_TYPE_NAMES = ((labels: string[]) => `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`)(
  GENERATOR_TYPES.map((type) => QR_TYPE_LABELS[type]),
);

/** GET /api/public-stats. */
export type PublicStats = ApiAnswer<'/api/public-stats'>;

export interface StatFigure {
  value: string;
  label: string;
}

/** 1234 -> '1,234': the figure as counted, not rounded up into a claim. */
const count = (value: number) => value.toLocaleString('en-US');

/** The banner's figures: the live totals the server gave (none before it answers or when it fails), then the types. */
export function statsFigures(stats: PublicStats | null): StatFigure[] {
  const figures: StatFigure[] = [];
  if (typeof stats?.codesGenerated === 'number') figures.push({ value: count(stats.codesGenerated), label: 'QR codes generated' });
  if (typeof stats?.scansRecorded === 'number') figures.push({ value: count(stats.scansRecorded), label: 'Scans recorded' });
  figures.push({ value: String(CONTENT_TYPE_COUNT), label: 'Content types' });
  return figures;
}

async function fetchPublicStats(): Promise<PublicStats | null> {
  try {
    const response = await send('GET', '/api/public-stats');
    return response.ok ? ((await response.json()) as PublicStats) : null;
  } catch {
    return null;
  }
}

export function useStatsFigures(): StatFigure[] {
  const query = useQuery<PublicStats | null>({ queryKey: ['/api/public-stats'], queryFn: fetchPublicStats, staleTime: 60_000 });
  return statsFigures(query.data ?? null);
}
