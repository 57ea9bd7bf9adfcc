import { Delete, Post, Put } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, IdParam, integerId } from '../common/input';
import {
  clientAnswer,
  CLIENT_NOT_FOUND,
  clientInputSchema,
  CreateClientCommand,
  deletedClientAnswer,
  DeleteClientCommand,
  UpdateClientCommand,
  type ClientAnswer,
  type ClientBody,
  type DeletedClientAnswer,
} from '../tenants';

/**
 * Create, edit and delete a white-label client: the same routes, rules and commands under both paths that serve them,
 * the console's /api/admin/clients and the website spec's /api/white-label/clients. Support and admins of the default
 * brand create and edit, only admins delete; the commands refuse a white-label client's staff (403).
 */
export abstract class ClientWrites {
  protected constructor(protected readonly commandBus: CommandBus) {}

  @Post() @Authenticated(CAN.manageTenants) @AnswerOf(clientAnswer, 201) create(
    @CurrentUser() user: AuthUser,
    @BodyOf(clientInputSchema) input: ClientBody,
  ): Promise<ClientAnswer> {
    return this.commandBus.execute(new CreateClientCommand(user, input));
  }

  @Put(':id') @Authenticated(CAN.manageTenants) @AnswerOf(clientAnswer) update(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
    @BodyOf(clientInputSchema) input: ClientBody,
  ): Promise<ClientAnswer> {
    return this.commandBus.execute(new UpdateClientCommand(user, id, input));
  }

  @Delete(':id') @Authenticated(CAN.deleteTenants) @AnswerOf(deletedClientAnswer) remove(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
  ): Promise<DeletedClientAnswer> {
    return this.commandBus.execute(new DeleteClientCommand(user, id));
  }
}
