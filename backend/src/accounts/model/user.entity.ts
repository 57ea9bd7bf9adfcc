import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Read model of users (website spec section 3), filled only by UsersProjection. Uniqueness of usernames and
 * Google ids is decided by the event store (reservation streams), so these indexes are not unique: a
 * projection must never fail on a row.
 */
@Entity({ name: 'users' })
@Index('IDX_users_client_username', ['clientId', 'usernameKey'])
@Index('IDX_users_client_google', ['clientId', 'googleId'])
export class UserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'client_id', type: 'integer', default: 1 })
  clientId: number;

  @Column({ type: 'varchar', length: 255 })
  username: string;

  /** lower(username): sign-in and uniqueness are case-insensitive. */
  @Column({ name: 'username_key', type: 'varchar', length: 255 })
  usernameKey: string;

  /** argon2id; null for accounts created through Google. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 255, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 255, default: '' })
  lastName: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ name: 'google_id', type: 'varchar', length: 255, nullable: true })
  googleId: string | null;

  /** Granted roles beyond the implicit 'user'. */
  @Column({ type: 'text', array: true })
  roles: string[];

  /** Bumped by PasswordChanged and AccountDisabled: sessions signed in under an older version stop working. */
  @Column({ name: 'auth_version', type: 'integer', default: 0 })
  authVersion: number;

  /** Issue 27: EmailVerified (a mailed link, Google, a password-reset link). Accounts older than issue 27 start false. */
  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, nullable: true })
  stripeSubscriptionId: string | null;

  @Column({ name: 'subscription_status', type: 'varchar', length: 50, default: 'free' })
  subscriptionStatus: string;

  @Column({ name: 'trial_activated', type: 'boolean', default: false })
  trialActivated: boolean;

  @Column({ name: 'trial_start_date', type: 'timestamptz', nullable: true })
  trialStartDate: Date | null;

  @Column({ name: 'trial_end_date', type: 'timestamptz', nullable: true })
  trialEndDate: Date | null;

  /** AccountDisabled (an admin): sign-in refused, sessions ended (auth_version moved with it). */
  @Column({ name: 'is_disabled', type: 'boolean', default: false })
  isDisabled: boolean;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted: boolean;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
