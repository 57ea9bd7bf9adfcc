import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store';
import type { Projection } from '../projections/projection';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS } from '../redis/redis.module';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { SCAN_TARGETS_PROJECTION, ScanTargetCache } from './scan-target-cache';
import { ACCOUNT_CONTENT, USER_STREAM_EVENTS } from '../accounts';
import { CODE_REDIRECTS } from '../codes';
import { destinationHost } from './destination-host';
import { BLOCKLIST_EVENTS, QR_EVENTS } from './scan.events';

/**
 * The code events, accounts' UserDeleted (a deleted account's codes stop answering with it) and the blocklist (a code
 * whose destination's domain is blocked answers the disabled page; a scan its routing sends to a blocked domain too:
 * the cache reads which of the routing's hosts are blocked, scan-target-cache.ts).
 */
const CONSUMED = QR_EVENTS.and(BLOCKLIST_EVENTS).and(USER_STREAM_EVENTS.pick('UserDeleted'));

/** Is this host (a parameter) on scan_target_blocks, itself or as a subdomain? */
const BLOCKED_HOST = (param: string) =>
  `EXISTS (SELECT 1 FROM scan_target_blocks b WHERE ${param}::text = b.domain OR ${param}::text LIKE '%.' || b.domain)`;

/** QrContentChanged carries only the fields that changed: they are merged over the stored ones. */
function changedFields(after: unknown): Record<string, unknown> | null {
  return after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
}

/**
 * short code -> code: the redirect's read model. After each committed batch it tells every API process which
 * short codes changed (Redis pub/sub), so their in-process caches drop them before the next scan.
 */
@Injectable()
export class ScanTargetsProjection implements Projection, OnModuleInit {
  readonly name = SCAN_TARGETS_PROJECTION;
  /** What /d/ answers from, and so what stops serving a deleted account's codes (the roles codes and accounts wait for). */
  readonly serves = [CODE_REDIRECTS, ACCOUNT_CONTENT];
  /** scan_target_blocks: this projection's copy of the blocklist, so a rebuild replays it with the codes in order. */
  readonly tables = ['scan_targets', 'scan_target_blocks'];
  readonly eventTypes = CONSUMED.types;

  constructor(
    private readonly projections: ProjectionsService,
    private readonly cache: ScanTargetCache,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of CONSUMED.among(events)) {
      const at = event.metadata.occurredAt;
      const qrId = 'qrId' in event.data ? event.data.qrId : null;
      switch (event.type) {
        case 'UserDeleted':
          await tx.query('UPDATE scan_targets SET is_deleted = true, updated_at = $2 WHERE user_id = $1 AND NOT is_deleted', [
            event.data.userId,
            at,
          ]);
          // Issue 32: the owner's typed content and destinations leave the rows (the same constants live and rebuilt).
          await tx.query(
            `UPDATE scan_targets SET destination = '', fields = '{}', destination_host = NULL, is_blocked = false, routing = NULL
             WHERE user_id = $1`,
            [event.data.userId],
          );
          break;
        case 'QrCreated': {
          const { data } = event;
          if (!data.shortCode) break; // static codes are never scanned through /d/
          await tx.query(
            `INSERT INTO scan_targets (qr_id, short_code, client_id, user_id, qr_type, destination, fields, is_paused, is_deleted,
             updated_at, destination_host, is_blocked)
             VALUES ($1, $2, $3, $4, $5, $6, $7, false, false, $8, $9::text, ${BLOCKED_HOST('$9')}) ON CONFLICT (qr_id) DO NOTHING`,
            [
              qrId,
              data.shortCode,
              event.metadata.tenantId,
              data.userId == null ? null : String(data.userId),
              data.qrType,
              data.destination,
              JSON.stringify(data.fields ?? {}),
              at,
              destinationHost(data.destination),
            ],
          );
          break;
        }
        case 'QrDestinationChanged': {
          const { after } = event.data;
          await tx.query(
            `UPDATE scan_targets SET destination = $2, updated_at = $3, destination_host = $4::text, is_blocked = ${BLOCKED_HOST('$4')}
             WHERE qr_id = $1`,
            [qrId, after, at, destinationHost(after)],
          );
          break;
        }
        case 'QrSuspended':
        case 'QrSuspensionLifted':
          await tx.query('UPDATE scan_targets SET is_suspended = $2, updated_at = $3 WHERE qr_id = $1', [
            qrId,
            event.type === 'QrSuspended',
            at,
          ]);
          break;
        case 'DomainBlocked':
        case 'DomainUnblocked': {
          // Rare and staff-driven: a scan of the targets (LIKE on a suffix uses no index), never on the scan path.
          const { domain } = event.data;
          if (event.type === 'DomainBlocked')
            await tx.query('INSERT INTO scan_target_blocks (domain) VALUES ($1) ON CONFLICT DO NOTHING', [domain]);
          else await tx.query('DELETE FROM scan_target_blocks WHERE domain = $1', [domain]);
          await tx.query(
            `UPDATE scan_targets t SET is_blocked = ${BLOCKED_HOST('t.destination_host')}
             WHERE t.destination_host = $1 OR t.destination_host LIKE '%.' || $1`,
            [domain],
          );
          break;
        }
        case 'QrContentChanged': {
          const fields = changedFields(event.data.after);
          if (fields)
            await tx.query('UPDATE scan_targets SET fields = fields || $2::jsonb, updated_at = $3 WHERE qr_id = $1', [
              qrId,
              JSON.stringify(fields),
              at,
            ]);
          break;
        }
        case 'QrPaused':
          await tx.query('UPDATE scan_targets SET is_paused = true, updated_at = $2 WHERE qr_id = $1', [qrId, at]);
          break;
        case 'QrResumed':
          await tx.query('UPDATE scan_targets SET is_paused = false, updated_at = $2 WHERE qr_id = $1', [qrId, at]);
          break;
        case 'QrPasswordSet':
          await tx.query('UPDATE scan_targets SET password_hash = $2, updated_at = $3 WHERE qr_id = $1', [
            qrId,
            event.data.passwordHash,
            at,
          ]);
          break;
        case 'QrRoutingChanged':
          await tx.query('UPDATE scan_targets SET routing = $2::jsonb, updated_at = $3 WHERE qr_id = $1', [
            qrId,
            event.data.after ? JSON.stringify(event.data.after) : null,
            at,
          ]);
          break;
        case 'QrPasswordRemoved':
          await tx.query('UPDATE scan_targets SET password_hash = NULL, updated_at = $2 WHERE qr_id = $1', [qrId, at]);
          break;
        case 'QrDeleted':
          await tx.query('UPDATE scan_targets SET is_deleted = true, updated_at = $2 WHERE qr_id = $1', [qrId, at]);
          break;
      }
    }
  }

  /** Invalidate here first (same process: no pub/sub round trip to race), then tell the other processes. */
  async afterCommit(events: RecordedEvent[]): Promise<void> {
    const codeEvents = QR_EVENTS.among(events);
    const qrIds = [...new Set(codeEvents.map((event) => event.data.qrId).filter((id) => !!id))];
    // A deleted account: every process drops the cached codes of that user (it knows them by their targets).
    const userIds = USER_STREAM_EVENTS.pick('UserDeleted')
      .among(events)
      .map((event) => event.data.userId);
    const created = codeEvents.flatMap((event) => (event.type === 'QrCreated' && event.data.shortCode ? [event.data.shortCode] : []));
    // A blocklist change may touch any number of codes: every process drops its whole cache.
    if (events.some(BLOCKLIST_EVENTS.has)) {
      this.cache.clear();
      await this.redis.publish(this.keys.invalidations, JSON.stringify({ all: true }));
      return;
    }
    this.cache.invalidate(qrIds, created, userIds);
    await this.redis.publish(this.keys.invalidations, JSON.stringify({ qrIds, shortCodes: created, userIds }));
  }
}
