import type { AuthUser, Role } from '../model/auth-user';

/**
 * WHO MAY DO WHAT in the staff console, stated once. Every staff route (/api/admin, /api/white-label/clients, the
 * newsletter tools) names one of these actions in its
 * @Authenticated(...) and the console hides the controls a user's permissions lack (the server still refuses).
 * Admin passes every role check (accounts' guard), so an action needing 'support' is open to admins too.
 */
export const STAFF_ACTIONS = {
  /** Every list and page of the console: audit log, users, codes, blocklist, tenants. */
  read: 'support',
  suspendCodes: 'support',
  /** Tenants (white-label clients): create and edit, on /api/admin/clients and the spec's /api/white-label/clients. */
  manageTenants: 'support',
  changeRoles: 'admin',
  disableAccounts: 'admin',
  manageBlocklist: 'admin',
  deleteTenants: 'admin',
  /** Operations (issue 19): projections and their rebuilds, dead letters, the scan pipeline; seeing them too. */
  operate: 'admin',
  /** The newsletter tools: stats, newsletters, welcome, scan and pause notifications, the campaigns' pages (issue 22). */
  sendCampaigns: 'admin',
  /** Issue 32: erase a payer's or a contact-form sender's personal data on their request (deployment-wide keys). */
  erasePersonalData: 'admin',
} as const satisfies Record<string, Role>;

export type StaffAction = keyof typeof STAFF_ACTIONS;

/**
 * Actions only the default brand's staff take: a white-label client's staff see their own tenant but never change
 * tenants, nor the deployment-wide blocklist and operations (their services refuse them: 403).
 */
export const DEFAULT_BRAND_ONLY: readonly StaffAction[] = [
  'manageTenants',
  'deleteTenants',
  'manageBlocklist',
  'operate',
  'erasePersonalData',
];

/** The actions a signed-in user may take (what GET /api/admin/me answers, for the console to hide the rest). */
export function permissionsOf(user: Pick<AuthUser, 'roles'> & Partial<Pick<AuthUser, 'tenantId'>>): StaffAction[] {
  const admin = user.roles.includes('admin');
  const allTenants = user.tenantId === undefined || tenantScope({ tenantId: user.tenantId }) === null;
  return (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter(
    (action) => (admin || user.roles.includes(STAFF_ACTIONS[action])) && (allTenants || !DEFAULT_BRAND_ONLY.includes(action)),
  );
}

/**
 * Which tenants a member of staff reaches: the default brand's staff (client 1) every tenant, a white-label client's
 * staff only their own. null means all.
 */
export function tenantScope(user: Pick<AuthUser, 'tenantId'>): number | null {
  return user.tenantId === 1 ? null : user.tenantId;
}
