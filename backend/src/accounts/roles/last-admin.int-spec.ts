import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '../../event-store/event-store';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { ProjectionsService } from '../../projections/projections.service';
import { TestClient } from '../../test-support/http';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { grantRole, signUp } from '../../test-support/users';
import type { AuthUser } from '../model/auth-user';
import { LAST_ADMIN_DELETE } from './admin-registry';
import { DeleteAccountCommand } from '../settings/delete-account.command';
import { EnableAccountCommand } from './disable-account.command';
import { RevokeRoleCommand } from './revoke-role.command';
import { evolveUser, initialUser } from '../model/user';
import { userStream } from '../model/user.events';

/**
 * The last admin of a tenant stays, also when two admins remove each other at the same instant (issue 18): the rule is
 * decided on the write side against a per-tenant registry stream, so a racing writer re-decides instead of both passing.
 */
describe('the last admin: a write-side invariant', () => {
  let app: TestApp;
  const HOST = 'qrsharks.test';
  const ROUNDS = 20;
  const LAST_ADMIN = 'An admin cannot remove the last admin role';
  let pair: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ BASE_DOMAIN: HOST });
  });
  afterAll(() => app?.close());

  /** The truth: the admins who can act, folded from their streams. */
  async function adminsOf(ids: string[]): Promise<string[]> {
    const store = app.app.get<EventStore>(EVENT_STORE);
    const admins: string[] = [];
    for (const id of ids) {
      const user = (await store.readStream(userStream(id))).reduce(evolveUser, initialUser);
      if (user.exists && !user.deleted && !user.disabled && user.roles.includes('admin')) admins.push(id);
    }
    return admins;
  }

  /** The console reads its user list from the audit projection: let it catch up, as an admin's screen would. */
  async function settled(): Promise<void> {
    const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
    if (head) await app.app.get(ProjectionsService).waitFor(head, ['audit', 'users']);
  }

  it(`two admins revoke (or disable) each other at once, ${ROUNDS} rounds: exactly one wins, never zero admins`, async () => {
    const a = new TestClient(app.url, { host: HOST });
    const b = new TestClient(app.url, { host: HOST });
    const userA = await signUp(a, 'first-admin@example.com');
    const userB = await signUp(b, 'second-admin@example.com');
    await grantRole(app, userA.id, 'admin');
    await grantRole(app, userB.id, 'admin');
    const clients = new Map([
      [userA.id, { client: a, user: userA }],
      [userB.id, { client: b, user: userB }],
    ]);
    pair = [userA.id, userB.id];
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await settled();
      const disable = round % 2 === 1;
      const act = (by: TestClient, target: string) =>
        disable ? by.post(`/api/admin/users/${target}/disable`, { reason: 'race' }) : by.delete(`/api/admin/users/${target}/roles/admin`);
      const [byA, byB] = await Promise.all([act(a, userB.id), act(b, userA.id)]);
      const ok = [byA, byB].filter((res) => res.status === 200 || res.status === 201);
      const refused = [byA, byB].filter((res) => res.status === 409);
      outcomes.push(`${byA.status}/${byB.status}`);
      const admins = await adminsOf([userA.id, userB.id]);
      expect({ round, admins: admins.length, ok: ok.length, refused: refused.length }).toEqual({ round, admins: 1, ok: 1, refused: 1 });
      const conflict = [byA, byB].find((res) => res.status === 409);
      if (conflict) expect(conflict.body.message).toBe(LAST_ADMIN);
      // The survivor makes the other an admin (and able to act) again for the next round.
      const survivor = clients.get(admins[0])!;
      const other = [...clients.values()].find((entry) => entry !== survivor)!;
      if (disable) expect((await survivor.client.post(`/api/admin/users/${other.user.id}/enable`)).status).toBe(201);
      else expect((await survivor.client.post(`/api/admin/users/${other.user.id}/roles/admin`)).status).toBe(201);
      if (disable)
        expect((await other.client.post('/api/login', { username: other.user.email, password: other.user.password })).status).toBe(200);
    }
    console.log(`last-admin race, ${ROUNDS} rounds (status by A / by B): ${outcomes.join(' ')}`);
  }, 120_000);

  it('`npm run admin -- revoke admin` (RevokeRoleCommand, no admin acting) is held to the same rule', async () => {
    const bus = app.app.get(CommandBus);
    const [first, second] = pair;
    const revoke = (userId: string) => bus.execute(new RevokeRoleCommand({ tenantId: 1, userId, role: 'admin' }));
    // Whatever the race left: both admins again, then take one, then the last.
    for (const id of pair)
      await bus.execute(new EnableAccountCommand({ tenantId: 1, userId: id, by: { id: 'system', tenantId: 1 } as AuthUser }));
    for (const id of pair) await grantRole(app, id, 'admin');
    expect(await adminsOf(pair)).toEqual(pair);
    await expect(revoke(first)).resolves.toMatchObject({ roles: ['user'] });
    await expect(revoke(second)).rejects.toMatchObject({ message: LAST_ADMIN, status: 409 });
    expect(await adminsOf(pair)).toEqual([second]);
    // Nor can the last admin delete their account (their sign-out and the rest stay theirs).
    await expect(bus.execute(new DeleteAccountCommand({ userId: second, password: 'secret-password' }))).rejects.toMatchObject({
      message: LAST_ADMIN_DELETE,
      status: 409,
    });
    await grantRole(app, first, 'admin');
    await expect(bus.execute(new DeleteAccountCommand({ userId: second, password: 'secret-password' }))).resolves.toEqual({
      message: 'Account deleted',
    });
    expect(await adminsOf(pair)).toEqual([first]);
  });
});
