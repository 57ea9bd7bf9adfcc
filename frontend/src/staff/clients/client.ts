import type { RaRecord } from 'react-admin';

/** A tenant (white-label client) as GET /api/admin/clients answers it. */
export interface Client extends RaRecord<number> {
  name: string;
  customDomain: string | null;
  subdomain: string | null;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  customFavicon: string | null;
  removeQRCodeSharksBranding: boolean;
  customCSS: string | null;
  isActive: boolean;
  apiKey: string;
  createdAt: string;
  updatedAt: string;
}

/** Client 1, the default brand: never deleted (website spec sections 2 and 9). */
export const DEFAULT_CLIENT_ID = 1;
export const DEFAULT_PRIMARY = '#3B82F6';
export const DEFAULT_SECONDARY = '#1E40AF';

/** The key masked by default (spec: revealed per client): its first and last four characters. */
export const maskKey = (key: string) =>
  key.length <= 8 ? '••••••••' : `${key.slice(0, 4)}${'•'.repeat(Math.min(24, key.length - 8))}${key.slice(-4)}`;
