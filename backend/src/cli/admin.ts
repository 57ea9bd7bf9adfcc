import { parseAdminCommand } from '../accounts/admin-command';
import { AccountsService } from '../accounts/accounts.service';
import { bootstrap } from '../bootstrap';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';
import { USERS_PROJECTION } from '../accounts/users.projection';

/**
 * Grants or revokes a role: `npm run admin -- grant admin you@example.com`. Starts the product as a worker
 * (no HTTP) on the configured database, appends RoleGranted / RoleRevoked on the user's stream and waits for
 * the users read model. With the embedded database (no DATABASE_URL), stop the running app first: one
 * embedded PostgreSQL can run on its data folder at a time.
 */
async function main(): Promise<void> {
  const command = parseAdminCommand(process.argv.slice(2));
  const running = await bootstrap({ ROLE: 'worker', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  try {
    const head = await running.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await running.app.get(ProjectionsService).waitFor(head, [USERS_PROJECTION], 30_000);
    const accounts = running.app.get(AccountsService);
    const user = await accounts.findActiveByUsername(command.tenantId, command.email);
    if (!user) throw new Error(`No user with the email ${command.email} in client ${command.tenantId}. Sign up first, then run this again.`);
    await (command.action === 'grant' ? accounts.grantRole(user.id, command.role) : accounts.revokeRole(user.id, command.role));
    const after = await accounts.findById(command.tenantId, user.id);
    console.log(`${command.action === 'grant' ? 'Granted' : 'Revoked'} ${command.role} ${command.action === 'grant' ? 'to' : 'from'} ${user.email} (user ${user.id}); roles now: ${accounts.toAuthUser(after!).roles.join(', ')}`);
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
