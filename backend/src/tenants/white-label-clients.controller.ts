import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts/auth';
import { ClientsService } from './clients.service';

/** White-label client management (website spec sections 2 and 7): support and admins of the default brand only. */
@Controller('api/white-label/clients')
@Authenticated('support')
export class WhiteLabelClientsController {
  constructor(private readonly clients: ClientsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.clients.list(user);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return this.clients.create(user, body);
  }

  @Put(':id')
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: unknown) {
    return this.clients.update(user, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.clients.remove(user, id);
  }
}
