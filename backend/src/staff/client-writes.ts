import { Delete, Post, Put } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, type AuthUser } from '../accounts';
import { BodyOf, IdParam, integerId } from '../common/input';
import {
  CLIENT_NOT_FOUND,
  clientInputSchema,
  CreateClientCommand,
  DeleteClientCommand,
  UpdateClientCommand,
  type ClientBody,
} from '../tenants';

/**
 * Create, edit and delete a white-label client: the same routes, rules and commands under both paths that serve them,
 * the console's /api/admin/clients and the website spec's /api/white-label/clients. Support and admins of the default
 * brand create and edit, only admins delete; the commands refuse a white-label client's staff (403).
 */
export abstract class ClientWrites {
  protected constructor(protected readonly commandBus: CommandBus) {}

  @Post() @Authenticated(CAN.manageTenants) create(@CurrentUser() user: AuthUser, @BodyOf(clientInputSchema) input: ClientBody) {
    return this.commandBus.execute(new CreateClientCommand(user, input));
  }

  @Put(':id') @Authenticated(CAN.manageTenants) update(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
    @BodyOf(clientInputSchema) input: ClientBody,
  ) {
    return this.commandBus.execute(new UpdateClientCommand(user, id, input));
  }

  @Delete(':id') @Authenticated(CAN.deleteTenants) remove(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
  ) {
    return this.commandBus.execute(new DeleteClientCommand(user, id));
  }
}
