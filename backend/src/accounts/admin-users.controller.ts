import { Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { IdParam, QueryOf, uuidId, ZodPipe } from '../common/input';
import { ListQuery, listQuerySchema, roleSchema } from './account.schemas';
import { AccountsService } from './accounts.service';
import { Authenticated, AuthUser, CurrentUser, Role } from './auth';
import { GrantRoleCommand } from './grant-role.command';
import { RevokeRoleCommand } from './revoke-role.command';
import { USER_NOT_FOUND } from './user';

/** Users of the tenant for the admin screens (ra-data-simple-rest dialect): support reads, admin grants and revokes roles. */
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get() @Authenticated('support') list(@QueryOf(listQuerySchema) query: ListQuery, @Res({ passthrough: true }) res: Response) {
    return this.accounts.listUsers(query, res);
  }

  @Post(':id/roles/:role') @Authenticated('admin') grant(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) userId: string,
    @Param('role', new ZodPipe(roleSchema)) role: Role,
  ) {
    return this.commandBus.execute(new GrantRoleCommand({ tenantId: admin.tenantId, userId, role, by: admin.id }));
  }

  @Delete(':id/roles/:role') @Authenticated('admin') revoke(
    @CurrentUser() admin: AuthUser,
    @IdParam('id', uuidId(), USER_NOT_FOUND) userId: string,
    @Param('role', new ZodPipe(roleSchema)) role: Role,
  ) {
    return this.commandBus.execute(new RevokeRoleCommand({ tenantId: admin.tenantId, userId, role, by: admin.id }));
  }
}
