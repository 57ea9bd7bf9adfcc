import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  AccountsService,
  DisableAccountCommand,
  EnableAccountCommand,
  GrantRoleCommand,
  permissionsOf,
  RevokeRoleCommand,
  tenantScope,
  type AccountStatus,
  type AuthUser,
  type Role,
} from '../accounts';
import { BlockDomainCommand, LiftSuspensionCommand, SuspendCodeCommand, UnblockDomainCommand } from '../codes';
import { DomainError } from '../common/domain-error';
import { AUDIT_PROJECTION } from './audit.projection';
import { StaffQueryService, USER_NOT_FOUND } from './staff-query.service';

/**
 * The console shows a user from staff_users, the audit projection's read model: a role or status change answers once
 * that projection has it too, so the page's refresh right after the answer shows it (a loaded browser test saw the old
 * status after Disable and waited 30 s for the new one).
 */
const CONSOLE_VIEW = [AUDIT_PROJECTION];

export const BLOCKLIST_DEFAULT_BRAND = "Only the default brand's admins keep the destination blocklist";

/**
 * The console's actions: each resolves its target within the caller's reach (404 outside it), applies the console's own
 * rules and sends the owning feature's command (which keeps the last admin: accounts/roles/admin-registry.ts). Roles are
 * checked by the routes (staff-roles.ts).
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: StaffQueryService,
    private readonly accounts: AccountsService,
  ) {}

  me(user: AuthUser) {
    return {
      id: user.id,
      email: user.email,
      tenantId: user.tenantId,
      roles: user.roles,
      permissions: permissionsOf(user),
      allTenants: tenantScope(user) === null,
    };
  }

  async grant(admin: AuthUser, userId: string, role: Role) {
    return this.commandBus.execute(
      new GrantRoleCommand({ tenantId: await this.tenantOfTarget(admin, userId), userId, role, by: admin.id, alsoWaitFor: CONSOLE_VIEW }),
    );
  }

  async revoke(admin: AuthUser, userId: string, role: Role) {
    return this.commandBus.execute(
      new RevokeRoleCommand({ tenantId: await this.tenantOfTarget(admin, userId), userId, role, by: admin.id, alsoWaitFor: CONSOLE_VIEW }),
    );
  }

  async disable(admin: AuthUser, userId: string, reason: string): Promise<AccountStatus> {
    return this.commandBus.execute(
      new DisableAccountCommand({
        tenantId: await this.tenantOfTarget(admin, userId),
        userId,
        by: admin,
        reason,
        alsoWaitFor: CONSOLE_VIEW,
      }),
    );
  }

  async enable(admin: AuthUser, userId: string): Promise<AccountStatus> {
    return this.commandBus.execute(
      new EnableAccountCommand({ tenantId: await this.tenantOfTarget(admin, userId), userId, by: admin, alsoWaitFor: CONSOLE_VIEW }),
    );
  }

  /**
   * The tenant of the user a console action names, within the caller's reach (404 outside it, like an unknown id):
   * from staff_users, the audit projection's read model, or, while that projection has not seen the user yet (a
   * just-registered one), from the user's stream, which the command decides from anyway.
   */
  private async tenantOfTarget(staff: AuthUser, userId: string): Promise<number> {
    const scope = tenantScope(staff);
    const tenant = (await this.query.userTenant(userId)) ?? (await this.accounts.tenantOf(userId));
    if (tenant === null || (scope !== null && tenant !== scope)) throw DomainError.notFound(USER_NOT_FOUND);
    return tenant;
  }

  suspend(staff: AuthUser, qrId: string, reason: string) {
    return this.commandBus.execute(new SuspendCodeCommand(staff, qrId, reason));
  }

  lift(staff: AuthUser, qrId: string) {
    return this.commandBus.execute(new LiftSuspensionCommand(staff, qrId));
  }

  block(admin: AuthUser, domain: string, reason: string) {
    if (admin.tenantId !== 1) throw DomainError.forbidden(BLOCKLIST_DEFAULT_BRAND);
    return this.commandBus.execute(new BlockDomainCommand(admin, domain, reason));
  }

  unblock(admin: AuthUser, domain: string) {
    if (admin.tenantId !== 1) throw DomainError.forbidden(BLOCKLIST_DEFAULT_BRAND);
    return this.commandBus.execute(new UnblockDomainCommand(admin, domain));
  }
}
