import { eventCatalogue, type EventOf } from '../event-store/typed-events';

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

export interface ClientEvents {
  ClientCreated: ClientCreated;
  ClientUpdated: ClientUpdated;
  ClientDeleted: ClientDeleted;
  ClientApiKeyRotated: ClientApiKeyRotated;
}
export type ClientEvent = EventOf<ClientEvents>;
export const CLIENT_EVENTS = eventCatalogue<ClientEvents>({
  ClientCreated: true,
  ClientUpdated: true,
  ClientDeleted: true,
  ClientApiKeyRotated: true,
});
export const CLIENT_EVENT_TYPES = CLIENT_EVENTS.types;

export const clientStream = (clientId: number) => `tenant-${clientId}`;

export const DEFAULT_CLIENT_ID = 1;
export const DEFAULT_BRAND = 'QR Code Sharks';
export const DEFAULT_PRIMARY_COLOR = '#3B82F6';
export const DEFAULT_SECONDARY_COLOR = '#1E40AF';
