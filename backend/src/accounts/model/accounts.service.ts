import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { requestContext } from '../../common/request-context';
import { preparedRead } from '../../database/prepared-read';
import type { EventStore } from '../../event-store/event-store';
import { bearerToken, keyUserOf } from '../sessions/bearer';
import { EVENT_STORE } from '../../event-store/event-store.tokens';
import type { AuthUser } from './auth-user';
import { authUserOf, effectiveRoles, evolveAccount, initialAccount, isActive } from './user';
import { UserEntity } from './user.entity';
import { usernameKey, userStream } from './user.events';

/** The account in a person's data export: what GET /api/user answers, and when it was made, its trial, whether it is disabled. */
export type AccountExport = AuthUser & {
  createdAt: string | null;
  trial: { startedAt: string | null; endsAt: string | null } | null;
  disabled: boolean;
};

/** The columns of `users` a session needs. */
type AuthRow = Pick<
  UserEntity,
  | 'id'
  | 'clientId'
  | 'username'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'roles'
  | 'subscriptionStatus'
  | 'googleId'
  | 'authVersion'
  | 'emailVerified'
> &
  Pick<UserEntity, 'isDeleted' | 'isDisabled'> & { hasPassword: boolean };

/** The columns of `users` a session or an API key's owner needs, by id within a tenant. */
const AUTH_ROW_SQL =
  'SELECT id, client_id AS "clientId", username, email, first_name AS "firstName", last_name AS "lastName", roles, ' +
  'subscription_status AS "subscriptionStatus", google_id AS "googleId", auth_version AS "authVersion", ' +
  'email_verified AS "emailVerified", password_hash IS NOT NULL AS "hasPassword", ' +
  'is_deleted AS "isDeleted", is_disabled AS "isDisabled" FROM users WHERE id = $1 AND client_id = $2';

/**
 * Reads of accounts: the `users` read model (always scoped by tenant) and who a request's session belongs to. It
 * never writes: the writes are the `*.command.ts` handlers beside this file, on the CommandPipeline.
 */
@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  findById(tenantId: number, userId: string): Promise<UserEntity | null> {
    return this.dataSource.getRepository(UserEntity).findOne({ where: { id: userId, clientId: tenantId } });
  }

  findActiveByUsername(tenantId: number, username: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .findOne({ where: { clientId: tenantId, usernameKey: usernameKey(username), isDeleted: false } });
  }

  /**
   * The account part of a person's data export (issue 32 item 3): the `users` row as the person may read it, without
   * the password hash, the sign-in key and the session version (secrets and bookkeeping, not data about them).
   */
  async exportFor(user: AuthUser): Promise<AccountExport> {
    const row = await this.findById(user.tenantId, user.id);
    if (!row) return { ...user, createdAt: null, trial: null, disabled: false };
    return {
      ...this.toAuthUser({ ...row, hasPassword: row.passwordHash !== null }),
      createdAt: row.createdAt.toISOString(),
      trial: row.trialActivated
        ? { startedAt: row.trialStartDate?.toISOString() ?? null, endsAt: row.trialEndDate?.toISOString() ?? null }
        : null,
      disabled: row.isDisabled,
    };
  }

  /** Display names of users for audit trails (any tenant: staff read every tenant's history). Unknown ids are absent. */
  async usernames(userIds: readonly string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    if (!ids.length) return new Map();
    const rows = await this.dataSource
      .getRepository(UserEntity)
      .find({ where: ids.map((id) => ({ id })), select: { id: true, username: true } });
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  toAuthUser(row: AuthRow): AuthUser {
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
      emailVerified: row.emailVerified,
      hasPassword: row.hasPassword,
    };
  }

  /**
   * The signed-in user of a request, or null: no session, another tenant's session, a deleted account, or a password
   * changed since sign-in (invalid sessions are destroyed). Normally one primary-key read of `users`. A session can
   * never be ahead of the truth, so when the row is missing or older than the session (a sign-up or a password change
   * whose projection lags past the commands' wait bound), the user's stream decides instead of the read model.
   */
  async authenticate(req: Request): Promise<AuthUser | null> {
    // A bearer call is its key's owner or nobody (issue 34): never the session cookie it may also carry.
    if (bearerToken(req) !== null) return keyUserOf(req) ?? null;
    const session = req.session;
    if (!session?.userId) return null;
    const tenantId = requestContext.currentOrSystem().tenantId;
    const user = session.tenantId === tenantId ? await this.sessionUser(tenantId, session.userId, session.authVersion ?? -1) : null;
    if (!user) await new Promise<void>((resolve) => session.destroy(() => resolve()));
    return user;
  }

  /**
   * The owner of an API key (issue 34), as a session would see them: null when the account is deleted, disabled or of
   * another tenant. Like a session, the user's stream decides while the read model has no row yet.
   */
  async keyOwner(tenantId: number, userId: string): Promise<AuthUser | null> {
    const [row] = (await this.dataSource.query(AUTH_ROW_SQL, [userId, tenantId])) as AuthRow[];
    if (row) return !row.isDeleted && !row.isDisabled ? this.toAuthUser(row) : null;
    const account = (await this.store.readStream(userStream(userId))).reduce(evolveAccount, initialAccount);
    const { user } = account;
    return isActive(user) && !user.disabled && user.tenantId === tenantId ? authUserOf(userId, account) : null;
  }

  private async sessionUser(tenantId: number, userId: string, authVersion: number): Promise<AuthUser | null> {
    // Every signed-in request comes here: one statement for the columns a session needs, not an ORM-built one for
    // the whole row (TypeORM built and hydrated the full row per request: a tenth of the process's time, bench/dashboard),
    // prepared once per connection (issue 31).
    const [row] = await preparedRead<AuthRow>(this.dataSource, AUTH_ROW_SQL, [userId, tenantId]);
    if (row && row.authVersion >= authVersion)
      return !row.isDeleted && !row.isDisabled && row.authVersion === authVersion ? this.toAuthUser(row) : null;
    const account = (await this.store.readStream(userStream(userId))).reduce(evolveAccount, initialAccount);
    const { user } = account;
    const valid = isActive(user) && !user.disabled && user.tenantId === tenantId && user.authVersion === authVersion;
    return valid ? authUserOf(userId, account) : null;
  }

  /**
   * The tenant a user registered in, from the user's stream (null: no such user). For callers that found no row in a
   * read model that may lag (the staff console's staff_users): the commands they send decide from the stream anyway.
   */
  async tenantOf(userId: string): Promise<number | null> {
    const { user } = (await this.store.readStream(userStream(userId))).reduce(evolveAccount, initialAccount);
    return user.tenantId > 0 ? user.tenantId : null;
  }

  /** The users the read model lists as admins of a tenant: the admin registry's candidates (their streams decide). */
  async adminIds(clientId: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      "SELECT id FROM users WHERE client_id = $1 AND 'admin' = ANY(roles) AND NOT is_deleted AND NOT is_disabled",
      [clientId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
