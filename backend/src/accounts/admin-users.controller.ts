import { Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountsService } from './accounts.service';
import { Authenticated, AuthUser, CurrentUser } from './auth';

/** Users of the tenant for the admin screens (ra-data-simple-rest dialect): support reads, admin grants and revokes roles. */
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(private readonly accounts: AccountsService) {}

  @Get() @Authenticated('support') list(@Query() query: Record<string, string>, @Res({ passthrough: true }) res: Response) { return this.accounts.listUsers(query, res); }

  @Post(':id/roles/:role') @Authenticated('admin') grant(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Param('role') role: string) { return this.accounts.changeRole(admin, id, role, true); }

  @Delete(':id/roles/:role') @Authenticated('admin') revoke(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Param('role') role: string) { return this.accounts.changeRole(admin, id, role, false); }
}
