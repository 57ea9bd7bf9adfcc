import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { AccountsService } from '../model/accounts.service';
import type { AuthUser } from '../model/auth-user';
import { changeRole, RoleChange } from './grant-role.command';
import { decideRevokeRole } from '../model/user';

/**
 * Used by the admin screen (an admin cannot revoke their own admin role there) and `npm run admin`; neither can take
 * the last admin role of a tenant (409, decided against the tenant's admin registry: admin-registry.ts).
 */
export class RevokeRoleCommand extends Command<AuthUser> {
  constructor(readonly change: RoleChange) {
    super();
  }
}

@CommandHandler(RevokeRoleCommand)
export class RevokeRoleHandler implements ICommandHandler<RevokeRoleCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: AccountsService,
  ) {}

  execute({ change }: RevokeRoleCommand): Promise<AuthUser> {
    return changeRole(
      this.pipeline,
      (clientId) => this.accounts.adminIds(clientId),
      change,
      (account) => decideRevokeRole(account.user, change.userId, change.role, change.by),
    );
  }
}
