import type { Role } from '../model/auth-user';

/** `npm run admin -- grant admin you@example.com [--tenant 2]`: parsed here, pure, so it is unit-tested. */
export interface AdminCommand {
  action: 'grant' | 'revoke';
  role: Role;
  email: string;
  tenantId: number;
}

export const ADMIN_USAGE = 'Usage: npm run admin -- <grant|revoke> <user|support|admin> <email> [--tenant <clientId>]';

export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  const args = [...argv];
  let tenantId = 1;
  const tenantAt = args.indexOf('--tenant');
  if (tenantAt >= 0) {
    tenantId = Number(args[tenantAt + 1]);
    if (!Number.isInteger(tenantId) || tenantId < 1) throw new Error(`--tenant needs a client id\n${ADMIN_USAGE}`);
    args.splice(tenantAt, 2);
  }
  const [action, role, email, ...rest] = args;
  if (action !== 'grant' && action !== 'revoke') throw new Error(ADMIN_USAGE);
  if (role !== 'user' && role !== 'support' && role !== 'admin') throw new Error(`Unknown role '${role ?? ''}'\n${ADMIN_USAGE}`);
  if (!email || !email.includes('@') || rest.length) throw new Error(ADMIN_USAGE);
  return { action, role, email: email.trim(), tenantId };
}
