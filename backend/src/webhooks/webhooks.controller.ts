import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, IdParam, NoContentAnswer, uuidId } from '../common/input';
import { WEBHOOK_NOT_FOUND } from './webhook';
import { CreateWebhookCommand, DeleteWebhookCommand, ReplayWebhookCommand } from './webhook.commands';
import {
  createdWebhookAnswer,
  deliveriesAnswer,
  replayAnswer,
  webhooksAnswer,
  type CreatedWebhookAnswer,
  type DeliveriesAnswer,
  type ReplayAnswer,
  type WebhooksAnswer,
} from './webhooks.answers';
import { WebhooksQuery } from './webhooks.query';
import { createWebhookSchema, replayWebhookSchema, type CreateWebhook, type ReplayWebhook } from './webhooks.schemas';

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

  @Post(':id/replay') @HttpCode(202) @Authenticated() @AnswerOf(replayAnswer, 202) replay(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), WEBHOOK_NOT_FOUND) id: string,
    @BodyOf(replayWebhookSchema) body: ReplayWebhook,
  ): Promise<ReplayAnswer> {
    return this.commandBus.execute(new ReplayWebhookCommand(user, id, body.from));
  }
}
