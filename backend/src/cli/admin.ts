import { CommandBus } from '@nestjs/cqrs';
import { ADMIN_USAGE, parseAdminCommand } from '../accounts/roles/admin-command';
import { AccountsService } from '../accounts/model/accounts.service';
import { GrantRoleCommand } from '../accounts/roles/grant-role.command';
import { RevokeRoleCommand } from '../accounts/roles/revoke-role.command';
import { USERS_PROJECTION } from '../accounts';
import { bootstrap } from '../bootstrap';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { parseEnv } from '../config/env';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { ProjectionsService } from '../projections/projections.service';
import { runningEmbeddedUrl } from './running-embedded';

/** How long the lookup waits for the users read model (kept current by the running product's runner). */
const READ_MODEL_WAIT_MS = 5000;

/**
 * Grants or revokes a role: `npm run admin -- grant admin you@example.com`. Appends RoleGranted / RoleRevoked on the
 * user's stream through GrantRoleCommand / RevokeRoleCommand on the CommandBus and prints the roles the command answers.
 * It talks to the configured database: DATABASE_URL, or the embedded PostgreSQL of a running `npm start` (found by its
 * postmaster.pid), started here only when nothing runs on its folder. It starts no projection runner and no scan
 * ingester (the running product's do that work). Every failure is one line on stderr and exit code 1.
 */
async function main(): Promise<string> {
  const command = parseAdminCommand(process.argv.slice(2));
  const env = parseEnv(process.env);
  const overrides: Record<string, string> = {
    ROLE: 'worker',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    QRS_NO_RUNNERS: '1',
    QRS_NO_INGESTER: '1',
  };
  if (!env.DATABASE_URL) {
    const running = runningEmbeddedUrl(env.EMBEDDED_PG_DIR);
    if (running) overrides.DATABASE_URL = running;
  }
  const running = await bootstrap(overrides);
  try {
    // The email is looked up in the users read model: give the running product's runner a moment to catch up.
    const head = await running.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await running.app.get(ProjectionsService).waitFor(head, [USERS_PROJECTION], READ_MODEL_WAIT_MS);
    const user = await running.app.get(AccountsService).findActiveByUsername(command.tenantId, command.email);
    if (!user)
      throw new Error(`No user with the email ${command.email} in client ${command.tenantId}: sign up first, then run this again.`);
    // The answer comes from the events; waiting for a read model nobody here reads is bounded short.
    running.app.get(CommandPipeline).setWaitBound(READ_MODEL_WAIT_MS);
    const change = { tenantId: command.tenantId, userId: user.id, role: command.role };
    const after = await running.app
      .get(CommandBus)
      .execute(command.action === 'grant' ? new GrantRoleCommand(change) : new RevokeRoleCommand(change));
    const [verb, preposition] = command.action === 'grant' ? ['Granted', 'to'] : ['Revoked', 'from'];
    return `${verb} ${command.role} ${preposition} ${user.email} (user ${user.id}); roles now: ${after.roles.join(', ')}`;
  } finally {
    await running.close();
  }
}

/** One line: the first of a start-up paragraph, or a usage error with its usage. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? 'unknown error');
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > 1 && lines[lines.length - 1] === ADMIN_USAGE) return `${lines[0].replace(/[.:]?$/, '.')} ${ADMIN_USAGE}`;
  return lines[0] ?? 'unknown error';
}

main().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(oneLine(error));
    process.exit(1);
  },
);
