import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { requestContext } from '../common/request-context';
import { ENV, Env } from '../config/env';
import { listQuerySchema } from './account.schemas';
import type { AuthUser, Role } from './auth';
import { GrantRoleCommand } from './grant-role.command';
import { RevokeRoleCommand } from './revoke-role.command';
import { AccountError, effectiveRoles, isAdminEmail } from './user';
import { UserEntity } from './user.entity';
import { usernameKey } from './user.events';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface GoogleProfile {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Reads of accounts (from the users table) and sessions. Writes are the `*.command.ts` handlers beside this file. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly commandBus: CommandBus,
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

  findActiveByGoogleId(tenantId: number, googleId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOne({ where: { clientId: tenantId, googleId, isDeleted: false } });
  }

  /** Display names of users for audit trails (any tenant: staff read every tenant's history). Unknown ids are absent. */
  async usernames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    if (!ids.length) return new Map();
    const rows = await this.dataSource.getRepository(UserEntity).find({ where: ids.map((id) => ({ id })), select: { id: true, username: true } });
    return new Map(rows.map((row) => [row.id, row.username]));
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

  // ---- sessions (the sign-up and sign-in commands end here) ----

  async logout(req: Request): Promise<{ message: string }> {
    if (req.session) await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    req.res?.clearCookie('qrs.sid', { path: '/' });
    return { message: 'You have been successfully logged out' };
  }

  /** A fresh session id at every sign-in (no fixation), bound to the tenant and the user's auth version. */
  async signIn(req: Request, tenantId: number, userId: string): Promise<AuthUser> {
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

  // ---- roles ----

  /** For `npm run admin` and test set-up: RoleGranted through the CommandBus. */
  grantRole(userId: string, role: Role): Promise<void> {
    return this.commandBus.execute(new GrantRoleCommand(userId, role));
  }

  /** For `npm run admin`: RoleRevoked through the CommandBus. */
  revokeRole(userId: string, role: Role): Promise<void> {
    return this.commandBus.execute(new RevokeRoleCommand(userId, role));
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
  async grantAdminIfListed(row: UserEntity): Promise<void> {
    if (!isAdminEmail(row.email, this.env.ADMIN_EMAILS) || row.roles.includes('admin')) return;
    await this.grantRole(row.id, 'admin');
  }
}
