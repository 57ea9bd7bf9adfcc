import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ENV, Env } from '../config/env';
import {
  CreateWebhookHandler,
  DeleteWebhookHandler,
  DisableWebhookHandler,
  EnableWebhookHandler,
  ReplayWebhookHandler,
  RetryWebhookDeliveryHandler,
} from './webhook.commands';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WEBHOOK_QUEUE, WebhookQueue } from './webhook-queue';
import { WebhookReplayer } from './webhook-replayer';
import { WebhookRetention } from './webhook-retention';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksProjection } from './webhooks.projection';
import { WebhooksQuery } from './webhooks.query';

/**
 * Webhooks (issue 34): the owners' routes and read model, and the worker's side: the dispatcher (events -> delivery
 * ledger -> Bull jobs), the `webhooks` queue and the sender. Bull's connection and key prefix are the product's
 * (mail's BullModule.forRootAsync); the queue's locks are its own settings.
 */
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: WEBHOOK_QUEUE,
      inject: [ENV],
      useFactory: (env: Env) => ({
        settings: {
          lockDuration: env.WEBHOOK_JOB_LOCK_MS,
          lockRenewTime: Math.floor(env.WEBHOOK_JOB_LOCK_MS / 2),
          stalledInterval: env.WEBHOOK_JOB_LOCK_MS,
          maxStalledCount: 10,
        },
      }),
    }),
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksProjection,
    WebhooksQuery,
    CreateWebhookHandler,
    DeleteWebhookHandler,
    ReplayWebhookHandler,
    RetryWebhookDeliveryHandler,
    DisableWebhookHandler,
    EnableWebhookHandler,
    WebhookSender,
    WebhookQueue,
    WebhookReplayer,
    WebhookDispatcher,
    WebhookRetention,
  ],
})
export class WebhooksModule {}
