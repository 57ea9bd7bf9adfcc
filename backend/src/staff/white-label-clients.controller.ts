import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, tenantScope, type AuthUser } from '../accounts';
import { BodyOf, IdParam, integerId } from '../common/input';
import {
  CLIENT_NOT_FOUND,
  clientInputSchema,
  ClientsService,
  CreateClientCommand,
  DeleteClientCommand,
  UpdateClientCommand,
  type ClientBody,
} from '../tenants';

/**
 * The website spec's white-label client management (sections 2 and 7), on the same rules as the console's
 * /api/admin/clients (clients.controller.ts) from staff-roles.ts: any staff reads (their own tenant only, for a
 * white-label client's staff), support and admins of the default brand create and edit, only admins delete (issue 27:
 * support could delete here while the console refused them).
 */
@Controller('api/white-label/clients')
export class WhiteLabelClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get() @Authenticated(CAN.read) list(@CurrentUser() user: AuthUser) {
    return this.clients.list(tenantScope(user));
  }

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
