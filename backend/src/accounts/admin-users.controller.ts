import { Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { AccountsService } from './accounts.service';
import { Authenticated, AuthUser, CurrentUser } from './auth';
import { ChangeUserRoleCommand } from './change-user-role.command';

/** Users of the tenant for the admin screens (ra-data-simple-rest dialect): support reads, admin grants and revokes roles. */
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(private readonly accounts: AccountsService, private readonly commandBus: CommandBus) {}

  @Get() @Authenticated('support') list(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) { return this.accounts.listUsers(query, res); }

  @Post(':id/roles/:role') @Authenticated('admin') grant(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Param('role') role: string) { return this.commandBus.execute(new ChangeUserRoleCommand(admin, id, role, true)); }

  @Delete(':id/roles/:role') @Authenticated('admin') revoke(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Param('role') role: string) { return this.commandBus.execute(new ChangeUserRoleCommand(admin, id, role, false)); }
}
