import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { roleSchema } from './account.schemas';
import { AccountsService } from './accounts.service';
import type { AuthUser } from './auth';
import { GrantRoleCommand } from './grant-role.command';
import { RevokeRoleCommand } from './revoke-role.command';
import { AccountError } from './user';

/** Admin screen: grant or revoke a role of a user of the admin's own tenant. */
export class ChangeUserRoleCommand extends Command<AuthUser> {
  constructor(readonly admin: AuthUser, readonly userId: string, readonly rawRole: string, readonly granted: boolean) {
    super();
  }
}

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(private readonly accounts: AccountsService, private readonly commandBus: CommandBus) {}

  async execute({ admin, userId, rawRole, granted }: ChangeUserRoleCommand): Promise<AuthUser> {
    const role = roleSchema.parse(rawRole);
    const row = await this.accounts.findById(admin.tenantId, userId);
    if (!row || row.isDeleted) throw new AccountError('User not found', 404);
    if (!granted && role === 'admin' && userId === admin.id) throw new AccountError('You cannot revoke your own admin role', 400);
    await this.commandBus.execute(granted ? new GrantRoleCommand(userId, role) : new RevokeRoleCommand(userId, role));
    return this.accounts.toAuthUser((await this.accounts.findById(admin.tenantId, userId))!);
  }
}
