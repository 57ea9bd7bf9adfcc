/**
 * The webhooks feature's front door (issue 34): its events (`webhook-{id}`), which the mail feature reads to tell an
 * owner their webhook was disabled, and its query port (a person's webhooks for their data export). The feature pushes
 * the owners' code and scan events to their endpoints, signed per the Standard Webhooks specification.
 */
export {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  webhookStream,
  type WebhookCreated,
  type WebhookDisabled,
  type WebhookEvents,
} from './webhook.events';
export { WebhooksQuery } from './webhooks.query';
export type { WebhookAnswer } from './webhooks.answers';
