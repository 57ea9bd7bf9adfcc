// The Developers page's webhooks (issue 34): the owner's endpoints, their deliveries, Retry, Replay and Enable. Pure apart from
// the HTTP calls; the types come from the server's OpenAPI document.
import { apiJson } from '../../api/http';
import type { ApiAnswer, ApiBody } from '../../api/types';

export type Webhook = ApiAnswer<'/api/webhooks'>[number];
export type CreatedWebhook = ApiAnswer<'/api/webhooks', 'post'>;
export type NewWebhook = ApiBody<'/api/webhooks'>;
export type WebhookEvent = NewWebhook['events'][number];
export type Delivery = ApiAnswer<'/api/webhooks/{id}/deliveries'>[number];

export const WEBHOOKS = ['/api/webhooks'] as const;
export const deliveriesKey = (id: string) => ['/api/webhooks', id, 'deliveries'] as const;

/** The event types in the order the page offers them, with what each means. */
export const WEBHOOK_EVENTS: readonly { event: WebhookEvent; label: string }[] = [
  { event: 'scan.created', label: 'A code was scanned' },
  { event: 'code.created', label: 'A code was created' },
  { event: 'code.updated', label: 'A code was changed' },
  { event: 'code.paused', label: 'A code was paused' },
  { event: 'code.resumed', label: 'A code was resumed' },
  { event: 'code.deleted', label: 'A code was deleted' },
];

const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const listWebhooks = () => apiJson<Webhook[]>('GET', '/api/webhooks');
export const createWebhook = (body: NewWebhook) => apiJson<CreatedWebhook>('POST', '/api/webhooks', body);
export const deleteWebhook = (id: string) => apiJson<unknown>('DELETE', path(id));
export const listDeliveries = (id: string) => apiJson<Delivery[]>('GET', `${path(id)}/deliveries`);
export const retryDelivery = (id: string, deliveryId: string) =>
  apiJson<unknown>('POST', `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`, {});
export const replayWebhook = (id: string, from: string) => apiJson<unknown>('POST', `${path(id)}/replay`, { from });
export const enableWebhook = (id: string) => apiJson<ApiAnswer<'/api/webhooks/{id}/enable', 'post'>>('POST', `${path(id)}/enable`, {});

/** A `datetime-local` value (the browser's local time) as the ISO 8601 instant the replay route takes; null if empty. */
export function replayFrom(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
