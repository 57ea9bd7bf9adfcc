import type { ApiAnswer } from '../../api/types';

/** A tenant (white-label client) as GET /api/admin/clients answers it. */
export type Client = ApiAnswer<'/api/admin/clients/{id}'>;

/** Client 1, the default brand: never deleted (website spec sections 2 and 9). */
export const DEFAULT_CLIENT_ID = 1;
export const DEFAULT_PRIMARY = '#3B82F6';
export const DEFAULT_SECONDARY = '#1E40AF';

/** The key masked by default (spec: revealed per client): its first and last four characters. */
export const maskKey = (key: string) =>
  key.length <= 8 ? '••••••••' : `${key.slice(0, 4)}${'•'.repeat(Math.min(24, key.length - 8))}${key.slice(-4)}`;
