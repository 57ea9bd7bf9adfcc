import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { USER_STREAM_EVENTS, userStream, type Role } from '../accounts';
import { GrantRoleCommand } from '../accounts/roles/grant-role.command';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import type { EventStore } from '../event-store/event-store';
import { TestClient } from './http';
import { TestApp } from './test-app';

/** Registers through POST /api/register (as the client's host/tenant) and leaves the client signed in. */
export async function signUp(
  client: TestClient,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
  password = 'secret-password',
): Promise<{ id: string; email: string; password: string }> {
  const res = await client.post('/api/register', {
    username: email,
    email,
    password,
    confirmPassword: password,
    firstName: '',
    lastName: '',
  });
  if (res.status !== 200) throw new Error(`signUp(${email}) failed: ${res.status} ${res.text}`);
  return { id: res.body.id as string, email, password };
}

/** Grants a role through the CommandBus (RoleGranted, as `npm run admin` does) and waits for the users read model. */
export async function grantRole(app: TestApp, userId: string, role: Role): Promise<void> {
  // The command names the user's tenant (a role is granted within one); tests grant on any tenant's users.
  const [registered] = await app.app.get<EventStore>(EVENT_STORE).readStream(userStream(userId));
  if (!registered || !USER_STREAM_EVENTS.has(registered) || registered.type !== 'UserRegistered')
    throw new Error(`grantRole: no user ${userId}`);
  await app.app.get(CommandBus).execute(new GrantRoleCommand({ tenantId: registered.data.clientId, userId, role }));
}
