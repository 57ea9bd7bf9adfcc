/** Events of a white-label client (tenant), on stream `tenant-{id}`. */
export interface ClientFields {
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
}

export interface ClientCreated extends ClientFields {
  clientId: number;
  apiKey: string;
}

export interface ClientUpdated {
  clientId: number;
  changes: Partial<ClientFields>;
}

export interface ClientDeleted {
  clientId: number;
}

/** A new API key replaces the old one at once (staff console, issue 19); the old key stops working. */
export interface ClientApiKeyRotated {
  clientId: number;
  apiKey: string;
}

export type ClientEvent =
  | { type: 'ClientCreated'; data: ClientCreated }
  | { type: 'ClientUpdated'; data: ClientUpdated }
  | { type: 'ClientDeleted'; data: ClientDeleted }
  | { type: 'ClientApiKeyRotated'; data: ClientApiKeyRotated };

export const CLIENT_EVENT_TYPES = ['ClientCreated', 'ClientUpdated', 'ClientDeleted', 'ClientApiKeyRotated'] as const;

export const clientStream = (clientId: number) => `tenant-${clientId}`;

export const DEFAULT_CLIENT_ID = 1;
export const DEFAULT_BRAND = 'QR Code Sharks';
export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
export const DEFAULT_SECONDARY_COLOR = '#1E40AF';
