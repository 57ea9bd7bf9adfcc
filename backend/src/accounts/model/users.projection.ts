import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store';
import type { DomainEvent } from '../../event-store/typed-events';
import { readModelRole, type Projection } from '../../projections/projection';
import { ProjectionsService } from '../../projections/projections.service';
import { DELETED_USER, USER_STREAM_EVENTS, usernameKey, type UserStreamEvents } from './user.events';

export const USERS_PROJECTION = 'users';

/**
 * The read models that serve a person's codes, links and files (the codes feature's lists and uploads, the scans
 * feature's redirect; accounts sits below them and does not name them): they stop with UserDeleted, and deleting an
 * account waits for them, so every code of the account answers 404 once the answer is back (docs/decisions.md, issue 15).
 */
export const ACCOUNT_CONTENT = readModelRole('account-content', "what serves a person's codes, links and files");

/** Other features write to user-{id} too; their events name the user in data.userId, else the stream says it. */
const userIdOf = (event: DomainEvent<UserStreamEvents>): string => event.data.userId ?? event.streamId.replace(/^user-/, '');

@Injectable()
export class UsersProjection implements Projection, OnModuleInit {
  readonly name = USERS_PROJECTION;
  readonly tables = ['users'];
  readonly eventTypes = USER_STREAM_EVENTS.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of USER_STREAM_EVENTS.among(events)) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await tx.query(
            `INSERT INTO users (id, client_id, username, username_key, password_hash, first_name, last_name, email, roles, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '{}', $9) ON CONFLICT (id) DO NOTHING`,
            [d.userId, d.clientId, d.username, usernameKey(d.username), d.passwordHash, d.firstName, d.lastName, d.email, at],
          );
          break;
        }
        case 'UserSignedInWithGoogle': {
          const d = event.data;
          await tx.query('UPDATE users SET google_id = $2 WHERE id = $1', [d.userId, d.googleId]);
          break;
        }
        case 'UserNameChanged': {
          const d = event.data;
          await tx.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [d.userId, d.firstName, d.lastName]);
          break;
        }
        case 'PasswordChanged': {
          const d = event.data;
          await tx.query('UPDATE users SET password_hash = $2, auth_version = auth_version + 1 WHERE id = $1', [d.userId, d.passwordHash]);
          break;
        }
        case 'RoleGranted': {
          const d = event.data;
          await tx.query('UPDATE users SET roles = array_append(roles, $2::text) WHERE id = $1 AND NOT ($2::text = ANY(roles))', [
            d.userId,
            d.role,
          ]);
          break;
        }
        case 'RoleRevoked': {
          const d = event.data;
          await tx.query('UPDATE users SET roles = array_remove(roles, $2::text) WHERE id = $1', [d.userId, d.role]);
          break;
        }
        case 'UserDeleted': {
          const d = event.data;
          // Issue 32: the row names nobody any more; what a rebuild writes once the user's key is erased (DELETED_USER).
          await tx.query(
            `UPDATE users SET is_deleted = true, deleted_at = $2, username = $3, username_key = $4, email = $5, first_name = $6,
             last_name = $7, google_id = NULL WHERE id = $1`,
            [
              d.userId,
              at,
              DELETED_USER.username,
              usernameKey(DELETED_USER.username),
              DELETED_USER.email,
              DELETED_USER.firstName,
              DELETED_USER.lastName,
            ],
          );
          break;
        }
        case 'EmailVerified':
          await tx.query('UPDATE users SET email_verified = true WHERE id = $1', [userIdOf(event)]);
          break;
        case 'PasswordRemoved':
          // Like a password change: the auth version moves, so every session signed in before ends.
          await tx.query('UPDATE users SET password_hash = NULL, auth_version = auth_version + 1 WHERE id = $1', [userIdOf(event)]);
          break;
        case 'AccountDisabled':
          await tx.query('UPDATE users SET is_disabled = true, auth_version = auth_version + 1 WHERE id = $1', [userIdOf(event)]);
          break;
        case 'AccountEnabled':
          await tx.query('UPDATE users SET is_disabled = false WHERE id = $1', [userIdOf(event)]);
          break;
        case 'TrialActivated': {
          const d = event.data;
          await tx.query('UPDATE users SET trial_activated = true, trial_start_date = $2, trial_end_date = $3 WHERE id = $1', [
            userIdOf(event),
            d.trialStartDate,
            d.trialEndDate,
          ]);
          break;
        }
        case 'SubscriptionStatusChanged': {
          const d = event.data;
          // Stripe's ids only when the event carries them (older events and 'free' resets leave them as they were).
          await tx.query(
            `UPDATE users SET subscription_status = $2, stripe_customer_id = COALESCE($3, stripe_customer_id),
             stripe_subscription_id = COALESCE($4, stripe_subscription_id) WHERE id = $1`,
            [userIdOf(event), d.subscriptionStatus, d.stripeCustomerId ?? null, d.stripeSubscriptionId ?? null],
          );
          break;
        }
      }
    }
  }
}
