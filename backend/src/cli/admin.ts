import { CommandBus } from '@nestjs/cqrs';
import { parseAdminCommand } from '../accounts/admin-command';
import { AccountsService } from '../accounts/accounts.service';
import { GrantRoleCommand } from '../accounts/grant-role.command';
import { RevokeRoleCommand } from '../accounts/revoke-role.command';
import { USERS_PROJECTION } from '../accounts/users.projection';
import { bootstrap } from '../bootstrap';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';

/**
 * Grants or revokes a role: `npm run admin -- grant admin you@example.com`. Starts the product as a worker
 * (no HTTP) on the configured database, sends GrantRoleCommand / RevokeRoleCommand through the CommandBus (RoleGranted /
 * RoleRevoked on the user's stream) and prints the roles the command answers. With the embedded database (no
 * DATABASE_URL), stop the running app first: one embedded PostgreSQL can run on its data folder at a time.
 */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  const running = await bootstrap({ ROLE: 'worker', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  try {
    // The email is looked up in the users read model: let it catch up with everything stored so far.
    const head = await running.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await running.app.get(ProjectionsService).waitFor(head, [USERS_PROJECTION], 30_000);
    const user = await running.app.get(AccountsService).findActiveByUsername(command.tenantId, command.email);
    if (!user) throw new Error(`No user with the email ${command.email} in client ${command.tenantId}. Sign up first, then run this again.`);
    const change = { tenantId: command.tenantId, userId: user.id, role: command.role };
    const after = await running.app.get(CommandBus).execute(command.action === 'grant' ? new GrantRoleCommand(change) : new RevokeRoleCommand(change));
    console.log(`${command.action === 'grant' ? 'Granted' : 'Revoked'} ${command.role} ${command.action === 'grant' ? 'to' : 'from'} ${user.email} (user ${user.id}); roles now: ${after.roles.join(', ')}`);
  } finally {
    await running.close();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  },
);
