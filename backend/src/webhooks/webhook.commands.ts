import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ENV, Env } from '../config/env';
import { DataSource } from 'typeorm';
import {
  decideCreate,
  decideDelete,
  decideDisable,
  decideEnable,
  decideReplay,
  decideRetry,
  evolveWebhook,
  guardOwner,
  initialWebhook,
} from './webhook';
import { webhookStream } from './webhook.events';
import type { CreatedWebhookAnswer, EnableAnswer, ReplayAnswer, RetryAnswer } from './webhooks.answers';
import { WEBHOOKS_PROJECTION } from './webhooks.projection';
import type { CreateWebhook } from './webhooks.schemas';
import { checkWebhookUrl } from './webhook-url';

const ownerOf = (user: AuthUser) => ({ userId: user.id, tenantId: user.tenantId });
const actorOf = (user: AuthUser) => ({ actorId: user.id, tenantId: user.tenantId });

/** `whsec_` and the base64 of 32 random bytes (Standard Webhooks: the HMAC key is the decoded bytes). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** POST /api/webhooks: WebhookCreated on a new `webhook-{id}`; the answer carries the secret, once. */
export class CreateWebhookCommand extends Command<CreatedWebhookAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly request: CreateWebhook,
  ) {
    super();
  }
}

@CommandHandler(CreateWebhookCommand)
export class CreateWebhookHandler implements ICommandHandler<CreateWebhookCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(ENV) private readonly env: Env,
  ) {}

  execute({ user, request }: CreateWebhookCommand): Promise<CreatedWebhookAnswer> {
    const url = checkWebhookUrl(request.url, {
      httpsOnly: this.env.NODE_ENV === 'production',
      allowPrivate: this.env.ALLOW_PRIVATE_DESTINATIONS,
    });
    const webhook = { webhookId: randomUUID(), url, events: request.events, includeBots: request.includeBots, secret: newWebhookSecret() };
    return this.pipeline.run({
      stream: webhookStream(webhook.webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: actorOf(user),
      waitFor: [WEBHOOKS_PROJECTION],
      decide: (state) => decideCreate(state, ownerOf(user), webhook),
      answer: (state, committed) => {
        const created = guardOwner(state, ownerOf(user));
        const at = [...committed.streams.values()][0]?.events[0]?.metadata.occurredAt ?? new Date().toISOString();
        return {
          id: created.webhookId,
          url: created.url,
          events: created.events,
          includeBots: created.includeBots,
          secret: created.secret,
          createdAt: at,
        };
      },
    });
  }
}

/** DELETE /api/webhooks/{id}: nothing more is sent (pending deliveries are cancelled by the worker). */
export class DeleteWebhookCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly webhookId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ user, webhookId }: DeleteWebhookCommand): Promise<void> {
    return this.pipeline.run({
      stream: webhookStream(webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: actorOf(user),
      waitFor: [WEBHOOKS_PROJECTION],
      decide: (state) => decideDelete(state, ownerOf(user)),
      answer: () => undefined,
    });
  }
}

/** POST /api/webhooks/{id}/replay: WebhookReplayRequested; the worker reads the store from `from` and queues deliveries. */
export class ReplayWebhookCommand extends Command<ReplayAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly webhookId: string,
    readonly from: Date,
  ) {
    super();
  }
}

@CommandHandler(ReplayWebhookCommand)
export class ReplayWebhookHandler implements ICommandHandler<ReplayWebhookCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ user, webhookId, from }: ReplayWebhookCommand): Promise<ReplayAnswer> {
    const replayId = randomUUID();
    return this.pipeline.run({
      stream: webhookStream(webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: actorOf(user),
      decide: (state) => decideReplay(state, ownerOf(user), replayId, from),
      answer: () => ({ replayId, from: from.toISOString() }),
    });
  }
}

/**
 * POST /api/webhooks/{id}/deliveries/{deliveryId}/retry: WebhookRetryRequested for a failed delivery; the worker puts
 * its row back in the queue (same webhook-id and body) and makes a disabled webhook active again.
 */
export class RetryWebhookDeliveryCommand extends Command<RetryAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly webhookId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}

@CommandHandler(RetryWebhookDeliveryCommand)
export class RetryWebhookDeliveryHandler implements ICommandHandler<RetryWebhookDeliveryCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ user, webhookId, deliveryId }: RetryWebhookDeliveryCommand): Promise<RetryAnswer> {
    // The ledger is the worker's record; read here only to refuse what there is nothing to retry (decideRetry).
    const rows = (await this.dataSource.query('SELECT status FROM webhook_deliveries WHERE webhook_id = $1 AND message_id = $2', [
      webhookId,
      deliveryId,
    ])) as { status: string }[];
    return this.pipeline.run({
      stream: webhookStream(webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: actorOf(user),
      waitFor: [WEBHOOKS_PROJECTION],
      decide: (state) =>
        decideRetry(
          state,
          ownerOf(user),
          deliveryId,
          rows.map((row) => row.status),
        ),
      answer: () => ({ deliveryId }),
    });
  }
}

/**
 * POST /api/webhooks/{id}/enable: a disabled webhook is sent the owner's events again from now on (WebhookEnabled);
 * an active one is left as it is. Answers once the list says so.
 */
export class EnableWebhookCommand extends Command<EnableAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly webhookId: string,
  ) {
    super();
  }
}

@CommandHandler(EnableWebhookCommand)
export class EnableWebhookHandler implements ICommandHandler<EnableWebhookCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ user, webhookId }: EnableWebhookCommand): Promise<EnableAnswer> {
    return this.pipeline.run({
      stream: webhookStream(webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: actorOf(user),
      waitFor: [WEBHOOKS_PROJECTION],
      decide: (state) => decideEnable(state, ownerOf(user)),
      answer: () => ({ id: webhookId, status: 'active' as const }),
    });
  }
}

/** The worker's: a delivery failed its last try (about a day of retries); WebhookDisabled, which mails the owner. */
export class DisableWebhookCommand extends Command<void> {
  constructor(
    readonly webhookId: string,
    readonly tenantId: number,
    readonly reason: string,
  ) {
    super();
  }
}

@CommandHandler(DisableWebhookCommand)
export class DisableWebhookHandler implements ICommandHandler<DisableWebhookCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ webhookId, tenantId, reason }: DisableWebhookCommand): Promise<void> {
    return this.pipeline.run({
      stream: webhookStream(webhookId),
      initial: initialWebhook,
      evolve: evolveWebhook,
      actor: { actorId: 'system', tenantId },
      decide: (state) => decideDisable(state, reason),
      answer: () => undefined,
    });
  }
}
