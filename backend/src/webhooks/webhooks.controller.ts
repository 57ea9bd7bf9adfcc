import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, IdParam, NoContentAnswer, uuidId } from '../common/input';
import { z } from 'zod';
import { DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND } from './webhook';
import {
  CreateWebhookCommand,
  DeleteWebhookCommand,
  EnableWebhookCommand,
  ReplayWebhookCommand,
  RetryWebhookDeliveryCommand,
} from './webhook.commands';
import {
  createdWebhookAnswer,
  deliveriesAnswer,
  enableAnswer,
  replayAnswer,
  retryAnswer,
  webhooksAnswer,
  type CreatedWebhookAnswer,
  type DeliveriesAnswer,
  type EnableAnswer,
  type ReplayAnswer,
  type RetryAnswer,
  type WebhooksAnswer,
} from './webhooks.answers';
import { WebhooksQuery } from './webhooks.query';
import { createWebhookSchema, replayWebhookSchema, type CreateWebhook, type ReplayWebhook } from './webhooks.schemas';

/** A delivery's id: its webhook-id, `msg_` and 32 hex digits. */
const deliveryId = z.string().regex(/^msg_[0-9a-f]{32}$/);

/**
 * A signed-in owner's webhooks (issue 34): each receives, signed per the Standard Webhooks specification, the events of
 * the owner's codes it subscribed to (docs/webhooks.md). Someone else's webhook is 404.
 */
@Controller('api/webhooks')
export class WebhooksController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly webhooks: WebhooksQuery,
  ) {}

  @Post() @HttpCode(201) @Authenticated() @AnswerOf(createdWebhookAnswer, 201) create(
    @CurrentUser() user: AuthUser,
    @BodyOf(createWebhookSchema) body: CreateWebhook,
  ): Promise<CreatedWebhookAnswer> {
    return this.commandBus.execute(new CreateWebhookCommand(user, body));
  }

  @Get() @Authenticated() @AnswerOf(webhooksAnswer) list(@CurrentUser() user: AuthUser): Promise<WebhooksAnswer> {
    return this.webhooks.list(user);
  }

  @Delete(':id') @HttpCode(204) @Authenticated() @NoContentAnswer('Deleted: nothing more is sent') async remove(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
  ): Promise<void> {
    await this.commandBus.execute(new DeleteWebhookCommand(user, id));
  }

  @Get(':id/deliveries') @Authenticated() @AnswerOf(deliveriesAnswer) deliveries(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
  ): Promise<DeliveriesAnswer> {
    return this.webhooks.deliveries(user, id);
  }

  /** A failed delivery again, same webhook-id and body; a disabled webhook is active again (docs/webhooks.md). */
  @Post(':id/deliveries/:deliveryId/retry') @HttpCode(202) @Authenticated() @AnswerOf(retryAnswer, 202) retry(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
    @IdParam('deliveryId', deliveryId, DELIVERY_NOT_FOUND) delivery: string,
  ): Promise<RetryAnswer> {
    return this.commandBus.execute(new RetryWebhookDeliveryCommand(user, id, delivery));
  }

  /** A disabled webhook on again: events from now on are sent (its failed delivery stays failed until retried). */
  @Post(':id/enable') @HttpCode(200) @Authenticated() @AnswerOf(enableAnswer) enable(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
  ): Promise<EnableAnswer> {
    return this.commandBus.execute(new EnableWebhookCommand(user, id));
  }

  @Post(':id/replay') @HttpCode(202) @Authenticated() @AnswerOf(replayAnswer, 202) replay(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
    @BodyOf(replayWebhookSchema) body: ReplayWebhook,
  ): Promise<ReplayAnswer> {
    return this.commandBus.execute(new ReplayWebhookCommand(user, id, body.from));
  }
}
