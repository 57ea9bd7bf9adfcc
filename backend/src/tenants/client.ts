import type { RecordedEvent } from '../event-store/event-store';
import { ClientCreated, ClientEvent, ClientFields, DEFAULT_CLIENT_ID } from './client.events';

/** The client aggregate: pure state and decisions, no I/O. */
export interface ClientState {
  exists: boolean;
  deleted: boolean;
  fields: ClientFields | null;
}

export const initialClient: ClientState = { exists: false, deleted: false, fields: null };

export function evolveClient(state: ClientState, event: RecordedEvent | ClientEvent): ClientState {
  switch (event.type) {
    case 'ClientCreated': {
      const { clientId: _id, apiKey: _key, ...fields } = event.data as ClientCreated;
      return { exists: true, deleted: false, fields };
    }
    case 'ClientUpdated':
      return state.fields ? { ...state, fields: { ...state.fields, ...(event.data as { changes: Partial<ClientFields> }).changes } } : state;
    case 'ClientDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export class ClientDecisionError extends Error {
  constructor(message: string, readonly status: 403 | 404 | 409) {
    super(message);
  }
}

/** Only the fields that really change are recorded, so the audit trail shows real differences. */
export function decideUpdate(state: ClientState, clientId: number, changes: Partial<ClientFields>): ClientEvent[] {
  if (!state.exists || state.deleted || !state.fields) throw new ClientDecisionError('Client not found', 404);
  const fields = state.fields;
  const real = Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && fields[key as keyof ClientFields] !== value));
  return Object.keys(real).length ? [{ type: 'ClientUpdated', data: { clientId, changes: real } }] : [];
}

export function decideDelete(state: ClientState, clientId: number): ClientEvent[] {
  if (clientId === DEFAULT_CLIENT_ID) throw new ClientDecisionError('The default client cannot be deleted', 403);
  if (!state.exists || state.deleted) throw new ClientDecisionError('Client not found', 404);
  return [{ type: 'ClientDeleted', data: { clientId } }];
}
