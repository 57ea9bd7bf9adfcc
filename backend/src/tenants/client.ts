import type { Decided, Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../command-pipeline/domain-error';
import {
  ClientCreated,
  ClientDeleted,
  ClientEvent,
  ClientFields,
  ClientUpdated,
  DEFAULT_BRAND,
  DEFAULT_CLIENT_ID,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
} from './client.events';
import { assertReachable, type ClientInput } from './client-input';

/** The client aggregate (stream `tenant-{id}`): pure state and decisions, no Nest, no I/O. */
export interface ClientState {
  exists: boolean;
  deleted: boolean;
  fields: ClientFields | null;
  apiKey: string | null;
  /** When the events happened (their envelopes' occurredAt): what the read model shows as created_at/updated_at. */
  createdAt: string | null;
  updatedAt: string | null;
}

export const initialClient: ClientState = { exists: false, deleted: false, fields: null, apiKey: null, createdAt: null, updatedAt: null };

export const CLIENT_NOT_FOUND = 'Client not found';
export const DEFAULT_CLIENT_UNDELETABLE = 'The default client cannot be deleted';

export function evolveClient(state: ClientState, event: Evolvable): ClientState {
  const at = event.metadata?.occurredAt ?? state.updatedAt;
  switch (event.type) {
    case 'ClientCreated': {
      const { clientId: _id, apiKey, ...fields } = event.data as ClientCreated;
      return { exists: true, deleted: false, fields, apiKey, createdAt: at, updatedAt: at };
    }
    case 'ClientUpdated':
      return state.fields ? { ...state, fields: { ...state.fields, ...(event.data as ClientUpdated).changes }, updatedAt: at } : state;
    case 'ClientDeleted':
      return { ...state, deleted: true, updatedAt: at };
    default:
      return state;
  }
}

const created = (data: ClientCreated): Decided<ClientCreated> & ClientEvent => ({ type: 'ClientCreated', data });

/** The fields of a live client; unknown and deleted clients are 404 alike. */
export function liveFields(state: ClientState): ClientFields {
  if (!state.exists || state.deleted || !state.fields) throw DomainError.notFound(CLIENT_NOT_FOUND);
  return state.fields;
}

/** A new client under an id from the `client_ids` sequence (allocated before deciding) with its generated API key. */
export function decideCreate(
  state: ClientState,
  command: { clientId: number; apiKey: string; input: ClientInput; baseDomain: string },
): ClientEvent[] {
  // The sequence never hands out an id twice; a stream already there is a programming error, refused rather than overwritten.
  if (state.exists) throw DomainError.conflict(`Client ${command.clientId} already exists`);
  assertReachable(command.input.customDomain, command.baseDomain);
  const { isActive, ...fields } = command.input;
  return [created({ clientId: command.clientId, apiKey: command.apiKey, ...fields, isActive: isActive ?? true })];
}

/**
 * PUT replaces the form's fields; `isActive` the form does not send keeps its value. Only fields that really change
 * are recorded, so the audit trail shows real differences (and a save without changes records nothing).
 */
export function decideUpdate(state: ClientState, command: { clientId: number; input: ClientInput; baseDomain: string }): ClientEvent[] {
  const current = liveFields(state);
  assertReachable(command.input.customDomain, command.baseDomain);
  const next = nextFields(current, command.input);
  const changes = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => current[key as keyof ClientFields] !== value),
  ) as Partial<ClientFields>;
  return Object.keys(changes).length ? [{ type: 'ClientUpdated', data: { clientId: command.clientId, changes } }] : [];
}

/** The fields a client has after an update with `input`. */
export function nextFields(current: ClientFields, input: ClientInput): ClientFields {
  const { isActive, ...fields } = input;
  return { ...fields, isActive: isActive ?? current.isActive };
}

export function decideDelete(state: ClientState, clientId: number): ClientEvent[] {
  if (clientId === DEFAULT_CLIENT_ID) throw DomainError.forbidden(DEFAULT_CLIENT_UNDELETABLE);
  liveFields(state);
  const data: ClientDeleted = { clientId };
  return [{ type: 'ClientDeleted', data }];
}

/** The fixed id of the default brand's creation event: every process may try to append it, only one lands. */
export const DEFAULT_CLIENT_EVENT_ID = '00000000-0000-4000-8000-000000000001';

/** Client 1, "QR Code Sharks", on first start; nothing once it exists (restarts, concurrent starts). */
export function decideEnsureDefault(state: ClientState, apiKey: string): Decided[] {
  if (state.exists) return [];
  const data: ClientCreated = {
    clientId: DEFAULT_CLIENT_ID,
    name: DEFAULT_BRAND,
    customDomain: null,
    subdomain: null,
    logoUrl: null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
    customFavicon: null,
    removeQRCodeSharksBranding: false,
    customCSS: null,
    isActive: true,
    apiKey,
  };
  return [{ ...created(data), id: DEFAULT_CLIENT_EVENT_ID }];
}
