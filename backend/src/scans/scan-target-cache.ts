import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { shortCodeStream, type Routing } from '../codes';
import { ENV, Env } from '../config/env';
import type { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionsService } from '../projections/projections.service';
import { REDIS_SUBSCRIBER } from '../redis/redis.module';
import { routingHosts } from './destination-host';
import { ScanKeys, SCAN_KEYS } from './scan-keys';

export interface ScanTarget {
  qrId: string;
  shortCode: string;
  clientId: number;
  userId: string | null;
  qrType: string;
  destination: string | null;
  fields: Record<string, unknown>;
  /** argon2id hash of the code's password, null when /d/ answers without one. */
  passwordHash: string | null;
  isPaused: boolean;
  isDeleted: boolean;
  /** Suspended by staff or pointing at a blocked domain: /d/ answers the disabled page. */
  isDisabled: boolean;
  /** Where each scan goes (issue 33); null: always the destination, and the redirect decides nothing. */
  routing: Routing | null;
  /**
   * The hosts among the routing's addresses whose domain is blocked (scan_target_blocks): a scan routed to one answers
   * the disabled page. Read with the target (a blocklist change clears every cache), empty without routing.
   */
  blockedHosts: readonly string[];
}

interface Entry {
  target: ScanTarget | null;
  expires: number;
}

const MAX_ENTRIES = 100_000;
/** While the read model cannot be read, a stale entry is served this long before the next attempt. */
const STALE_RETRY_MS = 1000;
/** A code the event store has but scan_targets has not applied yet (just created): how long a scan waits for it. */
export const LAGGING_WAIT_MS = 2000;
/** The scan_targets projection's name (ScanTargetsProjection): commands and readers wait on it by this constant. */
export const SCAN_TARGETS_PROJECTION = 'scan_targets';

/**
 * short code -> target, in process. Entries (unknown codes too) are dropped when the scan_targets projection
 * announces a change over Redis pub/sub, and expire after SCAN_CACHE_TTL_MS in case a message was missed; an
 * expired entry is still served while the read model cannot be read (a database restart).
 * Misses read the read model, one query per code however many scans wait for it. A code the read model does not have
 * is looked up once more in the event store (its `shortcode-{code}` reservation): right after a create the projection
 * may not have applied it yet, and the scan then waits (at most LAGGING_WAIT_MS) for it instead of answering 404. An
 * unknown code costs that one more indexed read, once per TTL: its null is cached like any answer (a flood of
 * made-up codes is bounded by the cache as before, and never waits).
 */
@Injectable()
export class ScanTargetCache implements OnModuleInit, OnApplicationShutdown {
  private readonly entries = new Map<string, Entry>();
  private readonly codeOf = new Map<string, string>();
  private readonly loading = new Map<string, Promise<ScanTarget | null>>();
  /** Bumped by every invalidation: a load that started before one must not store what it read. */
  private epoch = 0;
  private readonly onMessage = (channel: string, message: string) => {
    if (channel !== this.keys.invalidations) return;
    try {
      const { qrIds, shortCodes, userIds, all } = JSON.parse(message) as {
        qrIds?: string[];
        shortCodes?: string[];
        userIds?: string[];
        all?: boolean;
      };
      if (all) return this.clear();
      this.invalidate(qrIds ?? [], shortCodes ?? [], userIds ?? []);
    } catch {
      this.clear();
    }
  };
  /** Messages may have been missed while the subscriber was disconnected. */
  private readonly onReady = () => {
    this.clear();
    this.subscriber.subscribe(this.keys.invalidations).catch(() => undefined);
  };

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_SUBSCRIBER) private readonly subscriber: Redis,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
    @Inject(ENV) private readonly env: Env,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly projections: ProjectionsService,
  ) {}

  onModuleInit(): void {
    this.subscriber.on('message', this.onMessage);
    // The subscriber connects on its own (no offline queue): subscribe once it is ready, and again after reconnects.
    this.subscriber.on('ready', this.onReady);
    if (this.subscriber.status === 'ready') this.onReady();
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber.off('message', this.onMessage);
    this.subscriber.off('ready', this.onReady);
    await this.subscriber.unsubscribe(this.keys.invalidations).catch(() => undefined);
  }

  /** The cached target, or undefined when it must be loaded (then call load). Synchronous for the hot path. */
  peek(shortCode: string, now: number): ScanTarget | null | undefined {
    const entry = this.entries.get(shortCode);
    if (!entry) return undefined;
    // An expired entry stays (until an invalidation or the next load replaces it): if the read model cannot be
    // read meanwhile (a database restart), the redirect keeps answering from it.
    if (entry.expires < now) return undefined;
    return entry.target;
  }

  load(shortCode: string): Promise<ScanTarget | null> {
    let pending = this.loading.get(shortCode);
    if (pending) return pending;
    const epoch = this.epoch;
    pending = this.query(shortCode)
      .then((target) => target ?? this.lagging(shortCode))
      .then((target) => {
        if (epoch === this.epoch) this.store(shortCode, target);
        return target;
      })
      .catch((error: unknown) => {
        // Database unreachable: an expired answer that no invalidation has withdrawn beats a 503. Retry in a second.
        const stale = this.entries.get(shortCode);
        if (!stale) throw error;
        stale.expires = Date.now() + STALE_RETRY_MS;
        return stale.target;
      })
      .finally(() => this.loading.delete(shortCode));
    this.loading.set(shortCode, pending);
    return pending;
  }

  /** `userIds`: every cached code of these users (a deleted account), found by the targets' owners. */
  invalidate(qrIds: readonly string[], shortCodes: readonly string[], userIds: readonly string[] = []): void {
    this.epoch += 1;
    if (userIds.length) {
      const owners = new Set(userIds);
      for (const [code, entry] of this.entries) {
        if (entry.target?.userId && owners.has(entry.target.userId)) {
          this.entries.delete(code);
          this.codeOf.delete(entry.target.qrId);
        }
      }
    }
    for (const qrId of qrIds) {
      const code = this.codeOf.get(qrId);
      if (code !== undefined) this.entries.delete(code);
      this.codeOf.delete(qrId);
    }
    for (const code of shortCodes) this.entries.delete(code);
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.codeOf.clear();
  }

  private store(shortCode: string, target: ScanTarget | null): void {
    if (this.entries.size >= MAX_ENTRIES) this.clear();
    this.entries.set(shortCode, { target, expires: Date.now() + this.env.SCAN_CACHE_TTL_MS });
    if (target) this.codeOf.set(target.qrId, shortCode);
  }

  /** A miss: is the code reserved in the event store (created, not yet projected)? Then wait, bounded, and read again. */
  private async lagging(shortCode: string): Promise<ScanTarget | null> {
    const reservation = await this.events.readStream(shortCodeStream(shortCode));
    const reserved = reservation[reservation.length - 1];
    if (!reserved) return null;
    const caughtUp = await this.projections.waitFor(reserved.position, [SCAN_TARGETS_PROJECTION], LAGGING_WAIT_MS);
    return caughtUp ? this.query(shortCode) : null;
  }

  private async query(shortCode: string): Promise<ScanTarget | null> {
    const rows = (await this.dataSource.query(
      `SELECT qr_id, short_code, client_id, user_id, qr_type, destination, fields, password_hash, is_paused, is_deleted,
       is_suspended OR is_blocked AS is_disabled, routing FROM scan_targets WHERE short_code = $1`,
      [shortCode],
    )) as {
      qr_id: string;
      short_code: string;
      client_id: number;
      user_id: string | null;
      qr_type: string;
      destination: string | null;
      fields: Record<string, unknown>;
      password_hash: string | null;
      is_paused: boolean;
      is_deleted: boolean;
      is_disabled: boolean;
      routing: Routing | null;
    }[];
    const row = rows[0];
    if (!row) return null;
    const hosts = routingHosts(row.routing);
    const blocked = hosts.length
      ? ((await this.dataSource.query(
          `SELECT h FROM unnest($1::text[]) h
           WHERE EXISTS (SELECT 1 FROM scan_target_blocks b WHERE h = b.domain OR h LIKE '%.' || b.domain)`,
          [hosts],
        )) as { h: string }[])
      : [];
    return {
      qrId: row.qr_id,
      shortCode: row.short_code,
      clientId: row.client_id,
      userId: row.user_id,
      qrType: row.qr_type,
      destination: row.destination,
      fields: row.fields ?? {},
      passwordHash: row.password_hash ?? null,
      isPaused: row.is_paused,
      isDeleted: row.is_deleted,
      isDisabled: row.is_disabled,
      routing: row.routing ?? null,
      blockedHosts: blocked.map((found) => found.h),
    };
  }
}
