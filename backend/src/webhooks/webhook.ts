import type { Decided, Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import { WEBHOOK_EVENTS, type WebhookCreated, type WebhookEventType } from './webhook.events';

/**
 * The webhook aggregate (`webhook-{id}`): pure, no Nest, no I/O. A webhook is created once, may be disabled by the
 * worker (every retry of a delivery failed), enabled again by its owner, replayed, and deleted.
 */
export interface WebhookState {
  created: WebhookCreated | null;
  tenantId: number | null;
  disabled: boolean;
  deleted: boolean;
}
export const initialWebhook: WebhookState = { created: null, tenantId: null, disabled: false, deleted: false };

export const WEBHOOK_NOT_FOUND = 'Webhook not found';

export function evolveWebhook(state: WebhookState, event: Evolvable): WebhookState {
  if (!WEBHOOK_EVENTS.has(event)) return state;
  switch (event.type) {
    case 'WebhookCreated':
      return { ...state, created: event.data, tenantId: event.metadata?.tenantId ?? null };
    case 'WebhookDeleted':
      return { ...state, deleted: true };
    case 'WebhookDisabled':
      return { ...state, disabled: true };
    case 'WebhookRetryRequested':
    case 'WebhookEnabled':
      return { ...state, disabled: false };
    default:
      return state;
  }
}

export interface WebhookOwner {
  userId: string;
  tenantId: number;
}

/** Someone else's webhook, a deleted one and none at all look the same: 404. */
export function guardOwner(state: WebhookState, owner: WebhookOwner): WebhookCreated {
  if (!state.created || state.deleted || state.created.ownerId !== owner.userId || state.tenantId !== owner.tenantId)
    throw DomainError.notFound(WEBHOOK_NOT_FOUND);
  return state.created;
}

export interface NewWebhook {
  webhookId: string;
  url: string;
  events: WebhookEventType[];
  includeBots: boolean;
  secret: string;
}

export function decideCreate(state: WebhookState, owner: WebhookOwner, webhook: NewWebhook): Decided<WebhookCreated>[] {
  if (state.created) throw DomainError.conflict('This webhook already exists');
  return [{ type: 'WebhookCreated', data: { ...webhook, events: [...new Set(webhook.events)], ownerId: owner.userId } }];
}

export function decideDelete(state: WebhookState, owner: WebhookOwner): Decided[] {
  const { webhookId } = guardOwner(state, owner);
  return [{ type: 'WebhookDeleted', data: { webhookId } }];
}

export const WEBHOOK_DISABLED_REPLAY = 'This webhook was disabled after failed deliveries: enable it first';

/** A disabled webhook turned back on by its owner; enabling an active one records nothing (the answer is the same). */
export function decideEnable(state: WebhookState, owner: WebhookOwner): Decided[] {
  const { webhookId } = guardOwner(state, owner);
  if (!state.disabled) return [];
  return [{ type: 'WebhookEnabled', data: { webhookId } }];
}

export function decideReplay(state: WebhookState, owner: WebhookOwner, replayId: string, from: Date): Decided[] {
  const { webhookId } = guardOwner(state, owner);
  if (state.disabled) throw DomainError.conflict(WEBHOOK_DISABLED_REPLAY);
  return [{ type: 'WebhookReplayRequested', data: { webhookId, replayId, from: from.toISOString() } }];
}

export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const DELIVERY_NOT_RETRYABLE = 'Only a failed delivery can be retried';

/**
 * A failed delivery sent again (same webhook-id and body). `statuses` are the ledger's rows of that delivery for this
 * webhook (the original and any replay). It re-enables a disabled webhook: the owner says the endpoint is back.
 */
export function decideRetry(state: WebhookState, owner: WebhookOwner, deliveryId: string, statuses: string[]): Decided[] {
  const { webhookId } = guardOwner(state, owner);
  if (!statuses.length) throw DomainError.notFound(DELIVERY_NOT_FOUND);
  if (!statuses.includes('failed')) throw DomainError.conflict(DELIVERY_NOT_RETRYABLE);
  return [{ type: 'WebhookRetryRequested', data: { webhookId, deliveryId } }];
}

/** The worker's decision after a delivery's last try failed: once, and never for a deleted webhook. */
export function decideDisable(state: WebhookState, reason: string): Decided[] {
  if (!state.created || state.deleted || state.disabled) return [];
  const { webhookId, ownerId, url } = state.created;
  return [{ type: 'WebhookDisabled', data: { webhookId, ownerId, url, reason } }];
}
