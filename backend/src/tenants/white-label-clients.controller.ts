import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts/auth';
import { ClientsService } from './clients.service';
import { CreateClientCommand } from './create-client.command';
import { DeleteClientCommand } from './delete-client.command';
import { UpdateClientCommand } from './update-client.command';

/** White-label client management (website spec sections 2 and 7): support and admins of the default brand only. */
@Controller('api/white-label/clients')
@Authenticated('support')
export class WhiteLabelClientsController {
  constructor(private readonly clients: ClientsService, private readonly commandBus: CommandBus) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.clients.list(user);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return this.commandBus.execute(new CreateClientCommand(user, body));
  }

  @Put(':id')
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: unknown) {
    return this.commandBus.execute(new UpdateClientCommand(user, id, body));
  }

  @Delete(':id')
  remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.commandBus.execute(new DeleteClientCommand(user, id));
  }
}
