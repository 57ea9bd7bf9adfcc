import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { BLOCKLIST_EVENTS, type BlocklistEvent } from '../model/qr-code.events';

/** One blocked destination domain, folded from `blocked-domain-{domain}`. Pure. */
export interface BlockedDomainState {
  blocked: boolean;
  reason: string | null;
}

export const initialBlockedDomain: BlockedDomainState = { blocked: false, reason: null };

export function evolveBlockedDomain(state: BlockedDomainState, event: Evolvable): BlockedDomainState {
  if (!BLOCKLIST_EVENTS.has(event)) return state;
  return event.type === 'DomainBlocked' ? { blocked: true, reason: event.data.reason } : { blocked: false, reason: null };
}

export const DOMAIN_NOT_BLOCKED = 'Blocked domain not found';

/** Blocking a blocked domain again records nothing (its first reason stays). */
export function decideBlock(state: BlockedDomainState, domain: string, reason: string): BlocklistEvent[] {
  return state.blocked ? [] : [{ type: 'DomainBlocked', data: { domain, reason } }];
}

export function decideUnblock(state: BlockedDomainState, domain: string): BlocklistEvent[] {
  if (!state.blocked) throw DomainError.notFound(DOMAIN_NOT_BLOCKED);
  return [{ type: 'DomainUnblocked', data: { domain } }];
}
