import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { BodyOf, IdParam, integerId } from '../common/input';
import { CLIENT_NOT_FOUND } from './client';
import { clientInputSchema, type ClientBody } from './client-input';
import { ClientsService } from './clients.service';
import { CreateClientCommand } from './create-client.command';
import { DeleteClientCommand } from './delete-client.command';
import { UpdateClientCommand } from './update-client.command';

/** White-label client management (website spec sections 2 and 7): support and admins of the default brand only. */
@Controller('api/white-label/clients')
@Authenticated('support')
export class WhiteLabelClientsController {
  constructor(
    private readonly clients: ClientsService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get() list(@CurrentUser() user: AuthUser) {
    return this.clients.list(user);
  }

  @Post() create(@CurrentUser() user: AuthUser, @BodyOf(clientInputSchema) input: ClientBody) {
    return this.commandBus.execute(new CreateClientCommand(user, input));
  }

  @Put(':id') update(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
    @BodyOf(clientInputSchema) input: ClientBody,
  ) {
    return this.commandBus.execute(new UpdateClientCommand(user, id, input));
  }

  @Delete(':id') remove(@CurrentUser() user: AuthUser, @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number) {
    return this.commandBus.execute(new DeleteClientCommand(user, id));
  }
}
