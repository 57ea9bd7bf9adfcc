import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DELETED_USER, USER_STREAM_EVENTS, type UserStreamEvents } from '../accounts';
import { API_KEY_EVENTS } from '../api-keys';
import { BATCH_EVENTS } from '../batches';
import { CAMPAIGN_EVENTS } from '../campaigns';
import { BLOCKLIST_EVENTS, CODE_MODERATION_VIEW, QR_EVENTS, type QrEvents } from '../codes';
import type { RecordedEvent } from '../event-store/event-store';
import { PRIVACY_EVENTS } from '../event-store/personal-data/personal-data-erased';
import { dataRecord, type DomainEvent } from '../event-store/typed-events';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { PAYMENT_EVENTS } from '../payments';
import { CLIENT_EVENTS } from '../tenants';
import { WEBHOOK_EVENTS } from '../webhooks';
import {
  codeLabel,
  describeCodeEvent,
  describeOtherEvent,
  describeUserEvent,
  redact,
  type CodeSubject,
  type Described,
  type UserSubject,
  urlOrigin,
} from './audit-sentences';

/** What the log says of a deleted account's events and codes once its personal data is erased (issue 32). */
export const ERASED_SUMMARY = '(erased: the account was deleted)';
const ERASED_LABEL = 'Erased code';
export const AUDIT_PROJECTION = 'audit';

/** The stored copy of an event's data: a batch's rows are counted, not copied (up to BATCH_MAX_ROWS of them). */
const storedCopy = (type: string, data: Record<string, unknown>) =>
  type === 'BatchRequested' && Array.isArray(data.rows)
    ? { ...data, rows: `${data.rows.length} rows` }
    : type.startsWith('Webhook') && typeof data.url === 'string'
      ? { ...data, url: urlOrigin(data.url) }
      : data;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The changes people make: codes, accounts, tenants, the blocklist, payments to code owners, campaigns, API keys and the
 * staff's erasures of personal data on request (issue 32; an account's own deletion is its UserDeleted row), and the
 * batches people ask for (issue 35; each code a batch makes is its own QrCreated row), and webhooks (issue 34: their
 * URL stored and named by scheme and host only, the secret hidden).
 */
const CONSUMED = QR_EVENTS.and(USER_STREAM_EVENTS)
  .and(CLIENT_EVENTS)
  .and(BLOCKLIST_EVENTS)
  .and(PAYMENT_EVENTS)
  .and(CAMPAIGN_EVENTS)
  .and(PRIVACY_EVENTS)
  .and(API_KEY_EVENTS)
  .and(BATCH_EVENTS.pick('BatchRequested'))
  .and(WEBHOOK_EVENTS);

interface CodeRow extends CodeSubject {
  id: string;
  client_id: number;
  user_id: string;
  qr_type: string;
  short_code: string | null;
  fields: Record<string, unknown>;
}

interface UserRow extends UserSubject {
  id: string;
  client_id: number;
}

/**
 * The audit log: the changes people make (codes, accounts, tenants, the blocklist, payments to code owners), never
 * traffic (scans, generations, downloads have other streams and types). Each row is written from the event and the
 * state of its subject before it, which this projection keeps itself in `staff_users` and `staff_codes` (also the
 * console's user and code lists), so a rebuild from position 0 writes the same rows.
 */
@Injectable()
export class AuditProjection implements Projection, OnModuleInit {
  readonly name = AUDIT_PROJECTION;
  readonly serves = [CODE_MODERATION_VIEW];
  readonly tables = ['audit_events', 'staff_users', 'staff_codes'];
  readonly eventTypes = CONSUMED.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      if (PRIVACY_EVENTS.has(event) && event.data.reason !== 'staff-request') continue;
      // The sentences, the diff and the stored copy treat every event alike: its fields by name.
      const data = dataRecord(event);
      let described: Described;
      let clientId = event.metadata.tenantId ?? 1;
      let userId: string | null = null;
      let qrId: string | null = null;
      if (QR_EVENTS.has(event)) {
        qrId = String(event.data.qrId);
        const row = await this.code(tx, event, qrId);
        if (!row) continue; // a code event without its QrCreated: nothing to name it by
        clientId = row.after.client_id;
        userId = row.after.user_id;
        described = describeCodeEvent(event.type, data, row.before, row.after);
      } else if (USER_STREAM_EVENTS.has(event)) {
        userId = String(event.data.userId ?? event.streamId.replace(/^user-/, ''));
        const row = await this.user(tx, event, userId);
        if (!row) continue;
        clientId = row.after.client_id;
        described = describeUserEvent(event.type, data, row.before, row.after);
      } else {
        if (typeof data.clientId === 'number') clientId = data.clientId;
        // Payments name the code, its owner (the seller) and the tenant in their data.
        if (typeof data.tenantId === 'number') clientId = data.tenantId;
        if (typeof data.ownerId === 'string' && UUID.test(data.ownerId)) userId = data.ownerId;
        if (typeof data.qrId === 'string' && UUID.test(data.qrId)) qrId = data.qrId;
        described = describeOtherEvent(event.type, data);
      }
      const actorId = event.metadata.actorId ?? null;
      await tx.query(
        `INSERT INTO audit_events (id, position, prepare, stream_id, revision, type, client_id, actor_id, actor_email, user_id, qr_id,
           occurred_at, summary, changes, data, metadata, correlation_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text,
           COALESCE((SELECT email FROM staff_users WHERE id = $17::uuid), CASE WHEN $8::text IN ('system', 'anonymous') THEN $8::text END),
           $9, $10, $11, $12, $13, $14, $15, $16)
         ON CONFLICT (id) DO NOTHING`,
        [
          event.id,
          event.position.commit.toString(),
          event.position.prepare.toString(),
          event.streamId,
          event.revision.toString(),
          event.type,
          clientId,
          actorId,
          userId,
          qrId,
          event.metadata.occurredAt,
          described.summary,
          JSON.stringify(described.changes),
          JSON.stringify(redact(storedCopy(event.type, data))),
          JSON.stringify(event.metadata),
          event.metadata.correlationId ?? null,
          actorId && UUID.test(actorId) ? actorId : null,
        ],
      );
      if (event.type === 'UserDeleted' && userId) await this.eraseLog(tx, userId);
    }
  }

  /** Applies a code event to staff_codes; the row before and after it. */
  private async code(
    tx: EntityManager,
    event: DomainEvent<QrEvents>,
    qrId: string,
  ): Promise<{ before: CodeRow | null; after: CodeRow } | null> {
    const at = event.metadata.occurredAt;
    if (event.type === 'QrCreated') {
      const created = event.data;
      await tx.query(
        `INSERT INTO staff_codes (id, client_id, user_id, mode, qr_type, label, owner_email, short_code, destination, fields, created_at,
           updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT email FROM staff_users WHERE id = $3), $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING`,
        [
          qrId,
          event.metadata.tenantId ?? 1,
          created.userId,
          created.mode,
          created.qrType,
          codeLabel({ ...created, name: null }),
          created.shortCode,
          created.destination,
          JSON.stringify(redact(created.fields ?? {})),
          at,
        ],
      );
      await tx.query('UPDATE staff_users SET code_count = code_count + 1 WHERE id = $1', [created.userId]);
      const after = await this.codeRow(tx, qrId);
      return after ? { before: null, after } : null;
    }
    const before = await this.codeRow(tx, qrId);
    if (!before) return null;
    const sets: Record<string, unknown> = {};
    switch (event.type) {
      case 'QrDestinationChanged':
        sets.destination = event.data.after || null;
        break;
      case 'QrContentChanged':
        sets.fields = JSON.stringify({ ...before.fields, ...(redact(event.data.after) as Record<string, unknown>) });
        break;
      case 'QrRenamed':
        sets.name = event.data.after ?? null;
        break;
      case 'QrPaused':
      case 'QrResumed':
        sets.is_paused = event.type === 'QrPaused';
        break;
      case 'QrPasswordSet':
      case 'QrPasswordRemoved':
        sets.has_password = event.type === 'QrPasswordSet';
        break;
      case 'QrSuspended':
        sets.suspension_reason = event.data.reason;
        break;
      case 'QrSuspensionLifted':
        sets.suspension_reason = null;
        break;
      case 'QrDeleted':
        sets.is_deleted = true;
        await tx.query('UPDATE staff_users SET code_count = greatest(code_count - 1, 0) WHERE id = $1', [before.user_id]);
        break;
    }
    const next = { ...before, ...sets } as CodeRow & { fields: Record<string, unknown> | string };
    const fields = typeof next.fields === 'string' ? (JSON.parse(next.fields) as Record<string, unknown>) : next.fields;
    sets.label = codeLabel({
      name: next.name,
      fields,
      destination: next.destination,
      shortCode: before.short_code,
      qrType: before.qr_type,
    });
    const keys = Object.keys(sets);
    await tx.query(`UPDATE staff_codes SET ${keys.map((key, i) => `${key} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`, [
      qrId,
      at,
      ...keys.map((key) => sets[key]),
    ]);
    const after = await this.codeRow(tx, qrId);
    return after ? { before, after } : null;
  }

  private async codeRow(tx: EntityManager, qrId: string): Promise<CodeRow | null> {
    const rows = (await tx.query(
      `SELECT id, client_id, user_id, qr_type, short_code, fields, label, destination, is_paused AS "isPaused",
         has_password AS "hasPassword", suspension_reason AS "suspensionReason", name
       FROM staff_codes WHERE id = $1`,
      [qrId],
    )) as CodeRow[];
    return rows[0] ?? null;
  }

  /**
   * Issue 32: a deleted account's personal data leaves the log's rows. Every column that held it is overwritten with
   * the same constants, whatever it held: live (plain, before the erasure) and rebuilt (read as erased) rows end equal.
   */
  private async erase(tx: EntityManager, userId: string): Promise<void> {
    await tx.query('UPDATE staff_users SET email = $2, username = $3, first_name = $4, last_name = $5 WHERE id = $1', [
      userId,
      DELETED_USER.email,
      DELETED_USER.username,
      DELETED_USER.firstName,
      DELETED_USER.lastName,
    ]);
    await tx.query(
      `UPDATE staff_codes SET label = $2, owner_email = NULL, destination = NULL, fields = '{}', name = NULL WHERE user_id = $1`,
      [userId, ERASED_LABEL],
    );
  }

  /** The log's rows of a deleted account (after its UserDeleted row is written: that one named the address too). */
  private async eraseLog(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`UPDATE audit_events SET summary = $2, changes = '[]', data = '{}' WHERE user_id = $1`, [userId, ERASED_SUMMARY]);
    await tx.query('UPDATE audit_events SET actor_email = NULL WHERE actor_id = $1', [userId]);
  }

  /** Applies an event of `user-{id}` to staff_users; the row before and after it. */
  private async user(
    tx: EntityManager,
    event: DomainEvent<UserStreamEvents>,
    userId: string,
  ): Promise<{ before: UserRow | null; after: UserRow } | null> {
    const before = event.type === 'UserRegistered' ? null : await this.userRow(tx, userId);
    switch (event.type) {
      case 'UserRegistered':
        await tx.query(
          `INSERT INTO staff_users (id, client_id, email, username, first_name, last_name, roles, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, '{}', $7) ON CONFLICT (id) DO NOTHING`,
          [
            userId,
            event.data.clientId,
            event.data.email,
            event.data.username,
            event.data.firstName ?? '',
            event.data.lastName ?? '',
            event.metadata.occurredAt,
          ],
        );
        break;
      case 'UserNameChanged':
        await tx.query('UPDATE staff_users SET first_name = $2, last_name = $3 WHERE id = $1', [
          userId,
          event.data.firstName,
          event.data.lastName,
        ]);
        break;
      case 'RoleGranted':
        await tx.query('UPDATE staff_users SET roles = array_append(roles, $2::text) WHERE id = $1 AND NOT ($2::text = ANY(roles))', [
          userId,
          event.data.role,
        ]);
        break;
      case 'RoleRevoked':
        await tx.query('UPDATE staff_users SET roles = array_remove(roles, $2::text) WHERE id = $1', [userId, event.data.role]);
        break;
      case 'AccountDisabled':
      case 'AccountEnabled':
        await tx.query('UPDATE staff_users SET is_disabled = $2 WHERE id = $1', [userId, event.type === 'AccountDisabled']);
        break;
      case 'UserDeleted':
        // The account's codes go with it (as in the codes read model).
        await tx.query('UPDATE staff_users SET is_deleted = true, code_count = 0 WHERE id = $1', [userId]);
        await tx.query('UPDATE staff_codes SET is_deleted = true, updated_at = $2 WHERE user_id = $1 AND NOT is_deleted', [
          userId,
          event.metadata.occurredAt,
        ]);
        await this.erase(tx, userId);
        break;
      case 'SubscriptionStatusChanged':
        await tx.query('UPDATE staff_users SET subscription_status = $2 WHERE id = $1', [userId, event.data.subscriptionStatus]);
        break;
      case 'TrialActivated':
        await tx.query('UPDATE staff_users SET trial_end_date = $2 WHERE id = $1', [userId, event.data.trialEndDate]);
        break;
    }
    const after = await this.userRow(tx, userId);
    return after ? { before, after } : null;
  }

  private async userRow(tx: EntityManager, userId: string): Promise<UserRow | null> {
    const rows = (await tx.query(
      `SELECT id, client_id, email, first_name AS "firstName", last_name AS "lastName", roles,
         subscription_status AS "subscriptionStatus", is_disabled AS "isDisabled"
       FROM staff_users WHERE id = $1`,
      [userId],
    )) as UserRow[];
    return rows[0] ?? null;
  }
}
