import type { Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { eventCatalogue, type EventOf } from '../event-store/typed-events';

/**
 * A host name's reservation, on stream `tenant-host-{name}` (name: a subdomain label, or a custom domain, which
 * always has a dot, so the two never collide). The stream is a small aggregate whose state is taken or free:
 * reserving appends at the revision it was loaded at (`no_stream` the first time), in the same appendMany as the
 * client's event, so of two racing reservations the store accepts one. Releasing appends too, so a freed name can
 * be reserved again, still at a checked revision.
 */
export interface TenantHostReserved {
  host: string;
  clientId: number;
}
export type TenantHostReleased = TenantHostReserved;

export interface TenantHostEvents {
  TenantHostReserved: TenantHostReserved;
  TenantHostReleased: TenantHostReleased;
}
export type TenantHostEvent = EventOf<TenantHostEvents>;
export const TENANT_HOST_EVENTS = eventCatalogue<TenantHostEvents>({ TenantHostReserved: true, TenantHostReleased: true });

export const tenantHostStream = (host: string) => `tenant-host-${host}`;

export interface TenantHostState {
  takenBy: number | null;
}

export const initialTenantHost: TenantHostState = { takenBy: null };

export function evolveTenantHost(state: TenantHostState, event: Evolvable): TenantHostState {
  if (!TENANT_HOST_EVENTS.has(event)) return state;
  if (event.type === 'TenantHostReserved') return { takenBy: event.data.clientId };
  return state.takenBy === event.data.clientId ? { takenBy: null } : state;
}

export type HostField = 'subdomain' | 'customDomain';

/** A subdomain is one label, a custom domain always has a dot: the reservation key says which field holds it. */
export const fieldOf = (host: string): HostField => (host.includes('.') ? 'customDomain' : 'subdomain');

/** 409 on the field that holds the name, with the message the page shows next to it. */
export function hostTaken(host: string, field: HostField = fieldOf(host)): DomainError {
  return DomainError.conflict(
    field === 'subdomain'
      ? `The subdomain "${host}" is already used by another client`
      : `The custom domain "${host}" is already used by another client`,
    field,
  );
}

/** Taking a name: free, or already this client's (no event then). */
export function decideReserve(state: TenantHostState, host: string, clientId: number, field: HostField = fieldOf(host)): TenantHostEvent[] {
  if (state.takenBy === clientId) return [];
  if (state.takenBy !== null) throw hostTaken(host, field);
  return [{ type: 'TenantHostReserved', data: { host, clientId } }];
}

/** Giving a name back: only its holder can; releasing a name one does not hold records nothing. */
export function decideRelease(state: TenantHostState, host: string, clientId: number): TenantHostEvent[] {
  return state.takenBy === clientId ? [{ type: 'TenantHostReleased', data: { host, clientId } }] : [];
}
