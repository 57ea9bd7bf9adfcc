import type { Evolvable, PlanContext, PlannedAppend } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { eventCatalogue } from '../../event-store/typed-events';
import { evolveUser, initialUser, isActive, type UserState } from '../model/user';
import { userStream } from '../model/user.events';

/**
 * The last-admin rule as a write-side invariant (docs/decisions.md, issue 18). Every command that changes whether a
 * user can act as an admin of a tenant (RoleGranted/RoleRevoked of 'admin', AccountDisabled/AccountEnabled or
 * UserDeleted of an admin) also appends `AdminStatusChanged` to the tenant's `admin-roles-{clientId}` stream at the
 * revision it loaded, in the same all-or-nothing append as the user's own event. Two admins removing each other at
 * once therefore meet on that stream: one commits, the other re-decides on fresh state and is refused.
 *
 * The registry is the serialisation point, not the truth: the admins are the users whose own streams say they can act
 * (active, not disabled, holding 'admin'). Who to look at is the union of the users the registry names and the
 * admins the `users` read model lists (the admins of a database older than the registry, and anyone granted admin
 * where no registry event is written: an ADMIN_EMAILS sign-up or sign-in). Each candidate's stream is folded, so a
 * read model that lags can only hide an admin (a refusal that a retry clears), never count one who is gone.
 */
export const LAST_ADMIN = 'An admin cannot remove the last admin role';
export const LAST_ADMIN_DELETE = 'The last admin cannot delete their account: make another user an admin first';

export const adminRolesStream = (clientId: number) => `admin-roles-${clientId}`;

/** On `admin-roles-{clientId}`: the user became (`isAdmin` true) or stopped being an admin who can act. */
export interface AdminStatusChanged {
  userId: string;
  clientId: number;
  isAdmin: boolean;
}

const ADMIN_REGISTRY_EVENTS = eventCatalogue<{ AdminStatusChanged: AdminStatusChanged }>({ AdminStatusChanged: true });

export interface AdminRegistryState {
  /** Every user the registry has named, admin now or not (their streams decide). */
  named: string[];
}

export const initialAdminRegistry: AdminRegistryState = { named: [] };

export function evolveAdminRegistry(state: AdminRegistryState, event: Evolvable): AdminRegistryState {
  if (!ADMIN_REGISTRY_EVENTS.has(event)) return state;
  const { userId } = event.data;
  return state.named.includes(userId) ? state : { named: [...state.named, userId] };
}

/** An admin who can act in the console: active, not disabled, holding 'admin'. */
export function canActAsAdmin(user: UserState): boolean {
  return isActive(user) && !user.disabled && user.roles.includes('admin');
}

/**
 * Pure: the registry's event for a user whose state goes from `before` to `after`, or none when their admin capacity
 * does not change. Removing the capacity of the tenant's last admin (no one in `otherAdmins`) is refused (409).
 */
export function decideAdminStatus(
  before: UserState,
  after: UserState,
  userId: string,
  otherAdmins: readonly string[],
  refusal = LAST_ADMIN,
): Array<{ type: 'AdminStatusChanged'; data: AdminStatusChanged }> {
  const was = canActAsAdmin(before);
  const is = canActAsAdmin(after);
  if (was === is) return [];
  if (was && otherAdmins.length === 0) throw DomainError.conflict(refusal);
  return [{ type: 'AdminStatusChanged', data: { userId, clientId: before.tenantId, isAdmin: is } }];
}

/** The read model's admins of a tenant (candidates only: each is checked against its stream). */
export type AdminCandidates = (clientId: number) => Promise<string[]>;

/**
 * Inside a plan: when the change moves the user's admin capacity, loads the tenant's registry and the other admins
 * (folded from their streams) and returns the registry's append at the loaded revision; else nothing (no load).
 */
export async function adminRegistryAppend(
  ctx: PlanContext,
  candidates: AdminCandidates,
  change: { userId: string; before: UserState; after: UserState; refusal?: string },
): Promise<PlannedAppend[]> {
  const { userId, before, after } = change;
  if (canActAsAdmin(before) === canActAsAdmin(after)) return [];
  const registry = await ctx.load(adminRolesStream(before.tenantId), initialAdminRegistry, evolveAdminRegistry);
  const others = [...new Set([...registry.state.named, ...(await candidates(before.tenantId))])].filter((id) => id !== userId);
  const users = await Promise.all(others.map((id) => ctx.load(userStream(id), initialUser, evolveUser)));
  const otherAdmins = others.filter((_, index) => {
    const user = users[index].state;
    return user.tenantId === before.tenantId && canActAsAdmin(user);
  });
  return [{ streamId: registry.streamId, events: decideAdminStatus(before, after, userId, otherAdmins, change.refusal) }];
}
