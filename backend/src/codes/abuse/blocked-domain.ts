import type { Evolvable } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import type { BlocklistEvent, DomainBlocked } from '../qr-code.events';

/** One blocked destination domain, folded from `blocked-domain-{domain}`. Pure. */
export interface BlockedDomainState {
  blocked: boolean;
  reason: string | null;
}

export const initialBlockedDomain: BlockedDomainState = { blocked: false, reason: null };

export function evolveBlockedDomain(state: BlockedDomainState, event: Evolvable): BlockedDomainState {
  if (event.type === 'DomainBlocked') return { blocked: true, reason: (event.data as DomainBlocked).reason };
  if (event.type === 'DomainUnblocked') return { blocked: false, reason: null };
  return state;
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
