import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  DisableAccountCommand,
  EnableAccountCommand,
  GrantRoleCommand,
  RevokeRoleCommand,
  type AccountStatus,
  type AuthUser,
  type Role,
} from '../accounts';
import { BlockDomainCommand, LiftSuspensionCommand, SuspendCodeCommand, UnblockDomainCommand } from '../codes';
import { DomainError } from '../command-pipeline/domain-error';
import { permissionsOf, tenantScope } from './staff-roles';
import { StaffQueryService } from './staff-query.service';

export const BLOCKLIST_DEFAULT_BRAND = "Only the default brand's admins keep the destination blocklist";

/**
 * The console's actions: each resolves its target within the caller's reach (404 outside it), applies the console's own
 * rules and sends the owning feature's command (which keeps the last admin: accounts/admin-registry.ts). Roles are
 * checked by the routes (staff-roles.ts).
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly query: StaffQueryService,
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
    const target = await this.query.user(userId, tenantScope(admin));
    return this.commandBus.execute(new GrantRoleCommand({ tenantId: target.clientId, userId, role, by: admin.id }));
  }

  async revoke(admin: AuthUser, userId: string, role: Role) {
    const target = await this.query.user(userId, tenantScope(admin));
    return this.commandBus.execute(new RevokeRoleCommand({ tenantId: target.clientId, userId, role, by: admin.id }));
  }

  async disable(admin: AuthUser, userId: string, reason: string): Promise<AccountStatus> {
    const target = await this.query.user(userId, tenantScope(admin));
    return this.commandBus.execute(new DisableAccountCommand({ tenantId: target.clientId, userId, by: admin, reason }));
  }

  async enable(admin: AuthUser, userId: string): Promise<AccountStatus> {
    const target = await this.query.user(userId, tenantScope(admin));
    return this.commandBus.execute(new EnableAccountCommand({ tenantId: target.clientId, userId, by: admin }));
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
