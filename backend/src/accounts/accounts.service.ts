import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { AllPosition, AppendResult, compareAllPositions, StreamAppend, WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter, Folded } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { ChangePasswordBody, changePasswordSchema, listQuerySchema, loginSchema, registerSchema, roleSchema, updateNameSchema } from './account.schemas';
import type { AuthUser, Role } from './auth';
import { hashPassword, verifyPassword } from './passwords';
import { RateLimiter } from './rate-limiter';
import { SessionMiddleware } from './session.middleware';
import {
  AccountError,
  decideChangeName,
  decideChangePassword,
  decideDelete,
  decideGrantRole,
  decideLinkGoogle,
  decideRegister,
  decideReserveKey,
  decideRevokeRole,
  effectiveRoles,
  evolveKey,
  evolveUser,
  initialKey,
  initialUser,
  isAdminEmail,
  KeyState,
  USERNAME_TAKEN,
  UserState,
} from './user';
import { UserEntity } from './user.entity';
import { googleIdStream, usernameKey, usernameStream, userStream } from './user.events';
import { USERS_PROJECTION } from './users.projection';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface GoogleProfile {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

type Typed = { type: string; data: unknown };

/** Everything a person does with their account. Writes go to the event store; reads come from the users table. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly events: EventWriter,
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionsService,
    private readonly rateLimiter: RateLimiter,
    private readonly sessions: SessionMiddleware,
    @Inject(ENV) private readonly env: Env,
  ) {}

  private get tenantId(): number {
    return requestContext.currentOrSystem().tenantId;
  }

  // ---- reads (always scoped by tenant) ----

  findById(tenantId: number, userId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOne({ where: { id: userId, clientId: tenantId } });
  }

  findActiveByUsername(tenantId: number, username: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOne({ where: { clientId: tenantId, usernameKey: usernameKey(username), isDeleted: false } });
  }

  private findActiveByGoogleId(tenantId: number, googleId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOne({ where: { clientId: tenantId, googleId, isDeleted: false } });
  }

  toAuthUser(row: UserEntity): AuthUser {
    return {
      id: row.id,
      tenantId: row.clientId,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      roles: effectiveRoles(row.roles),
      subscriptionStatus: row.subscriptionStatus,
      googleId: row.googleId,
    };
  }

  /** The signed-in user of a request, or null: no session, another tenant's session, a deleted account, or a password changed since sign-in. */
  async authenticate(req: Request): Promise<AuthUser | null> {
    const session = req.session;
    if (!session?.userId) return null;
    const tenantId = this.tenantId;
    const row = session.tenantId === tenantId ? await this.findById(tenantId, session.userId) : null;
    if (!row || row.isDeleted || row.authVersion !== session.authVersion) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      return null;
    }
    return this.toAuthUser(row);
  }

  // ---- sign-up, sign-in, sign-out ----

  async register(body: unknown, req: Request): Promise<AuthUser> {
    const input = registerSchema.parse(body ?? {});
    const tenantId = this.tenantId;
    await this.rateLimiter.hit('register', tenantId, req.ip ?? 'unknown', input.username);
    const userId = randomUUID();
    const key = await this.events.load<KeyState>(usernameStream(tenantId, input.username), initialKey, evolveKey);
    const keyEvents = decideReserveKey(key.state, userId, USERNAME_TAKEN); // early refusal before the costly hash
    const passwordHash = await hashPassword(input.password);
    const userEvents = decideRegister({ userId, tenantId, username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, admin: isAdminEmail(input.email, this.env.ADMIN_EMAILS) });
    await this.appendAndWait(
      [
        { streamId: usernameStream(tenantId, input.username), events: keyEvents, expectedRevision: key.revision },
        { streamId: userStream(userId), events: userEvents, expectedRevision: 'no_stream' },
      ],
      userId,
      USERNAME_TAKEN,
    );
    return this.signIn(req, tenantId, userId);
  }

  async login(body: unknown, req: Request): Promise<AuthUser> {
    const input = loginSchema.parse(body ?? {});
    const tenantId = this.tenantId;
    await this.rateLimiter.hit('login', tenantId, req.ip ?? 'unknown', input.username);
    const row = await this.findActiveByUsername(tenantId, input.username);
    // Unknown users are verified against a dummy hash: both failures take the same time and answer alike.
    const valid = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !valid) throw new AccountError(INVALID_CREDENTIALS, 401);
    await this.rateLimiter.reset('login', tenantId, input.username);
    await this.grantAdminIfListed(row);
    return this.signIn(req, tenantId, row.id);
  }

  async logout(req: Request): Promise<{ message: string }> {
    if (req.session) await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    req.res?.clearCookie('qrs.sid', { path: '/' });
    return { message: 'You have been successfully logged out' };
  }

  /** A fresh session id at every sign-in (no fixation), bound to the tenant and the user's auth version. */
  private async signIn(req: Request, tenantId: number, userId: string): Promise<AuthUser> {
    const row = await this.findById(tenantId, userId);
    if (!row || row.isDeleted) throw new AccountError(INVALID_CREDENTIALS, 401);
    await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
    req.session.userId = row.id;
    req.session.tenantId = tenantId;
    req.session.authVersion = row.authVersion;
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
    const current = requestContext.current();
    if (current) current.actorId = row.id;
    return this.toAuthUser(row);
  }

  // ---- account settings ----

  async updateName(user: AuthUser, body: unknown): Promise<AuthUser> {
    const input = updateNameSchema.parse(body ?? {});
    const loaded = await this.loadUser(user.id);
    await this.appendAndWait([{ streamId: userStream(user.id), events: decideChangeName(loaded.state, user.id, input.firstName, input.lastName), expectedRevision: loaded.revision }], user.id);
    return this.toAuthUser((await this.findById(user.tenantId, user.id))!);
  }

  async changePassword(user: AuthUser, body: unknown, req: Request): Promise<{ message: string }> {
    const input: ChangePasswordBody = changePasswordSchema.parse(body ?? {});
    const loaded = await this.loadUser(user.id);
    const valid = await verifyPassword(loaded.state.passwordHash, input.currentPassword);
    const events = decideChangePassword(loaded.state, user.id, valid, valid ? await hashPassword(input.newPassword) : '');
    await this.appendAndWait([{ streamId: userStream(user.id), events, expectedRevision: loaded.revision }], user.id);
    // This session continues under a new id; every other session of the user ends.
    await this.signIn(req, user.tenantId, user.id);
    await this.sessions.destroyOtherSessions(user.id, req.sessionID);
    return { message: 'Password updated' };
  }

  async deleteAccount(user: AuthUser, req: Request): Promise<{ message: string }> {
    const loaded = await this.loadUser(user.id);
    const appends: StreamAppend[] = [{ streamId: userStream(user.id), events: this.envelopes(decideDelete(loaded.state, user.id), user.id), expectedRevision: loaded.revision }];
    // Releasing the username (and Google id) lets the person sign up again later with the same email.
    for (const streamId of [usernameStream(user.tenantId, loaded.state.username), ...(loaded.state.googleId ? [googleIdStream(user.tenantId, loaded.state.googleId)] : [])]) {
      const key = await this.events.load<KeyState>(streamId, initialKey, evolveKey);
      if (key.state.heldBy === user.id) appends.push({ streamId, events: this.envelopes([{ type: 'KeyReleased', data: { userId: user.id } }], user.id), expectedRevision: key.revision });
    }
    await this.waitForAppend(await this.events.store.appendMany(appends));
    await this.sessions.destroyOtherSessions(user.id, null);
    await this.logout(req);
    return { message: 'Account deleted' };
  }

  // ---- roles ----

  async grantRole(userId: string, role: Role): Promise<void> {
    const loaded = await this.loadUser(userId);
    await this.appendAndWait([{ streamId: userStream(userId), events: decideGrantRole(loaded.state, userId, role), expectedRevision: loaded.revision }], undefined, undefined, loaded.state.tenantId);
  }

  async revokeRole(userId: string, role: Role): Promise<void> {
    const loaded = await this.loadUser(userId);
    await this.appendAndWait([{ streamId: userStream(userId), events: decideRevokeRole(loaded.state, userId, role), expectedRevision: loaded.revision }], undefined, undefined, loaded.state.tenantId);
  }

  /** Admin screen: grant or revoke a role of a user of the admin's own tenant. */
  async changeRole(admin: AuthUser, userId: string, rawRole: string, granted: boolean): Promise<AuthUser> {
    const role = roleSchema.parse(rawRole);
    const row = await this.findById(admin.tenantId, userId);
    if (!row || row.isDeleted) throw new AccountError('User not found', 404);
    if (!granted && role === 'admin' && userId === admin.id) throw new AccountError('You cannot revoke your own admin role', 400);
    await (granted ? this.grantRole(userId, role) : this.revokeRole(userId, role));
    return this.toAuthUser((await this.findById(admin.tenantId, userId))!);
  }

  /** Admin screen list: the users of the request's tenant, newest first by default, with Content-Range. */
  async listUsers(rawQuery: unknown, res: Response): Promise<(AuthUser & { createdAt: Date; isDeleted: boolean })[]> {
    const query = listQuerySchema.parse(rawQuery ?? {});
    const tenantId = this.tenantId;
    const where = "client_id = $1 AND ($2 = '' OR position($2 in username_key) > 0)";
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM users WHERE ${where}`, [tenantId, query.q])) as { total: number }[];
    const ids = (await this.dataSource.query(
      `SELECT id FROM users WHERE ${where} ORDER BY ${query.sortColumn} ${query.descending ? 'DESC' : 'ASC'}, id LIMIT $3 OFFSET $4`,
      [tenantId, query.q, query.limit, query.offset],
    )) as { id: string }[];
    const rows = ids.length ? await this.dataSource.getRepository(UserEntity).find({ where: ids.map(({ id }) => ({ id, clientId: tenantId })) }) : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const end = query.offset + Math.max(ids.length - 1, 0);
    res.setHeader('Content-Range', `users ${query.offset}-${end}/${total}`);
    res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
    return ids.map(({ id }) => byId.get(id)!).map((row) => ({ ...this.toAuthUser(row), createdAt: row.createdAt, isDeleted: row.isDeleted }));
  }

  /** ADMIN_EMAILS: users who register or sign in with a listed email become admins. */
  private async grantAdminIfListed(row: UserEntity): Promise<void> {
    if (!isAdminEmail(row.email, this.env.ADMIN_EMAILS) || row.roles.includes('admin')) return;
    await this.grantRole(row.id, 'admin');
  }

  // ---- Google ----

  /** Finds the user by Google id, else by verified email (and links it), else creates one; then signs them in. */
  async signInWithGoogle(profile: GoogleProfile, req: Request): Promise<AuthUser> {
    const tenantId = this.tenantId;
    let row = await this.findActiveByGoogleId(tenantId, profile.googleId);
    if (!row && profile.email && profile.emailVerified) {
      row = await this.findActiveByUsername(tenantId, profile.email);
      if (row) await this.linkGoogle(row, tenantId, profile);
    }
    if (!row) {
      if (!profile.email) throw new AccountError('Your Google account has no email address', 400);
      const userId = randomUUID();
      const email = profile.email;
      const nameKey = await this.events.load<KeyState>(usernameStream(tenantId, email), initialKey, evolveKey);
      const googleKey = await this.events.load<KeyState>(googleIdStream(tenantId, profile.googleId), initialKey, evolveKey);
      await this.appendAndWait(
        [
          { streamId: usernameStream(tenantId, email), events: decideReserveKey(nameKey.state, userId, USERNAME_TAKEN), expectedRevision: nameKey.revision },
          { streamId: googleIdStream(tenantId, profile.googleId), events: decideReserveKey(googleKey.state, userId, 'This Google account is already linked'), expectedRevision: googleKey.revision },
          {
            streamId: userStream(userId),
            events: decideRegister({ userId, tenantId, username: email, email, firstName: profile.firstName, lastName: profile.lastName, passwordHash: null, googleId: profile.googleId, admin: isAdminEmail(email, this.env.ADMIN_EMAILS) }),
            expectedRevision: 'no_stream',
          },
        ],
        userId,
        USERNAME_TAKEN,
      );
      row = (await this.findById(tenantId, userId))!;
    } else {
      await this.grantAdminIfListed(row);
    }
    return this.signIn(req, tenantId, row.id);
  }

  /** The end of the Google round trip: signed in -> '/'; failed -> back to /auth with a message. */
  async finishGoogleSignIn(profile: GoogleProfile | undefined, req: Request, res: Response, configured: boolean): Promise<void> {
    if (!configured) return res.redirect(302, '/auth/google');
    if (!profile) return res.redirect(302, `/auth?error=${encodeURIComponent('Google sign-in failed. Please try again.')}`);
    try {
      await this.signInWithGoogle(profile, req);
    } catch (error) {
      if (error instanceof AccountError) return res.redirect(302, `/auth?error=${encodeURIComponent(error.message)}`);
      throw error;
    }
    res.redirect(302, '/');
  }

  private async linkGoogle(row: UserEntity, tenantId: number, profile: GoogleProfile): Promise<void> {
    const loaded = await this.loadUser(row.id);
    const googleKey = await this.events.load<KeyState>(googleIdStream(tenantId, profile.googleId), initialKey, evolveKey);
    await this.appendAndWait(
      [
        { streamId: googleIdStream(tenantId, profile.googleId), events: decideReserveKey(googleKey.state, row.id, 'This Google account is already linked'), expectedRevision: googleKey.revision },
        { streamId: userStream(row.id), events: decideLinkGoogle(loaded.state, row.id, profile.googleId, profile.email ?? row.email), expectedRevision: loaded.revision },
      ],
      row.id,
    );
  }

  // ---- plumbing ----

  /** Other features append to user-{id} too: always append with the revision loaded here. */
  private loadUser(userId: string): Promise<Folded<UserState>> {
    return this.events.load<UserState>(userStream(userId), initialUser, evolveUser);
  }

  private envelopes(events: Typed[], actorId?: string, tenantId?: number) {
    return events.map((event) => this.events.event(event.type, event.data, { actorId, tenantId }));
  }

  /**
   * Appends typed events to several streams in one transaction (Postgres), then waits for the users read model
   * (read-your-writes). A revision conflict on a reservation stream becomes 409 `conflictMessage`.
   */
  private async appendAndWait(appends: { streamId: string; events: Typed[]; expectedRevision: Folded<unknown>['revision'] }[], actorId?: string, conflictMessage?: string, tenantId?: number): Promise<void> {
    const nonEmpty = appends.filter((append) => append.events.length > 0).map((append) => ({ ...append, events: this.envelopes(append.events, actorId, tenantId) }));
    if (!nonEmpty.length) return;
    let results: AppendResult[];
    try {
      results = await this.events.store.appendMany(nonEmpty);
    } catch (error) {
      if (conflictMessage && error instanceof WrongExpectedVersionError && !error.streamId.startsWith('user-')) throw new AccountError(conflictMessage, 409);
      throw error;
    }
    await this.waitForAppend(results);
  }

  private async waitForAppend(results: AppendResult[]): Promise<void> {
    const last = results.map((result) => result.position).reduce<AllPosition | null>((max, position) => (!max || compareAllPositions(position, max) > 0 ? position : max), null);
    if (last) await this.projections.waitFor(last, [USERS_PROJECTION]);
  }
}
