import { randomUUID } from 'node:crypto';
import { AccountsService } from '../accounts/accounts.service';
import type { Role } from '../accounts/auth';
import { TestClient } from './http';
import { TestApp } from './test-app';

/** Registers through POST /api/register (as the client's host/tenant) and leaves the client signed in. */
export async function signUp(client: TestClient, email = `user-${randomUUID().slice(0, 8)}@example.com`, password = 'secret-password'): Promise<{ id: string; email: string; password: string }> {
  const res = await client.post('/api/register', { username: email, email, password, confirmPassword: password, firstName: '', lastName: '' });
  if (res.status !== 200) throw new Error(`signUp(${email}) failed: ${res.status} ${res.text}`);
  return { id: res.body.id as string, email, password };
}

/** Grants a role through the event store (RoleGranted) and waits for the users read model. */
export async function grantRole(app: TestApp, userId: string, role: Role): Promise<void> {
  await app.app.get(AccountsService).grantRole(userId, role);
}
