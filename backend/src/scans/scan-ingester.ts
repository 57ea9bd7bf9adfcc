import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { hostname } from 'node:os';
import { ENV, Env } from '../config/env';
import type { EventStore, NewEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { createRedis, REDIS } from '../redis/redis.module';
import { enrichScan, loadCountryLookup } from './scan-enrich';
import { ScanKeys, SCAN_KEYS } from './scan-keys';
import { appendScans, scannedEvent } from './scan-recorder';
import { rawScanFromFields, Scanned, scanStream } from './scan.events';

type StreamEntry = [id: string, fields: string[]];

const BATCH = 1000;
const BLOCK_MS = 1000;
/**
 * Batches stored at once (issue 31): the next batch is read and enriched, and its append sent, while the one before
 * waits for its commit. One batch at a time left the worker idle more than half of a drain (waiting on PostgreSQL's
 * round trips and commit); two or three in flight roughly double what one consumer stores per second.
 */
const IN_FLIGHT = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the live feed carries per scan: no visitor hash, nothing identifying. */
export type LiveScan = Pick<Scanned, 'scanId' | 'qrId' | 'scannedAt' | 'device' | 'os' | 'browser' | 'country' | 'referrer' | 'isBot'>;

/** The last scan the ingester stored, as the staff console shows it. */
export interface IngestedScan {
  scanId: string;
  qrId: string;
  scannedAt: string;
  ingestedAt: string;
}

/**
 * Drains the scan stream into the event store (worker and `all` roles). Consumer group: XREADGROUP a batch,
 * enrich (device, OS, browser, bot flag, country), appendMany Scanned events whose event id is the scan id,
 * then XACK and XDEL. A crash between the append and the XACK redelivers the entries, and appending the same
 * ids again is a no-op: every scan is stored exactly once. Entries pending longer than SCAN_CLAIM_IDLE_MS
 * (their ingester died) are taken over with XAUTOCLAIM. Up to IN_FLIGHT batches are stored at once, each acknowledged
 * after its own commit; before this consumer reads its own pending entries again or claims idle ones, none is in flight.
 */
@Injectable()
export class ScanIngester implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ScanIngester');
  private readonly consumer = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private connection: Redis | null = null;
  private loop: Promise<void> | null = null;
  private stopped = false;
  private blocked = false;
  private lastClaim = 0;
  /** Set when a batch failed after it was read: this consumer's pending entries are read again (ID 0) first. */
  private ownPending = false;
  private ingested = 0;
  /** Batches read and being stored (IN_FLIGHT at most); each is acknowledged after its own commit. */
  private readonly inFlight = new Set<Promise<void>>();
  /** The first error of a batch stored in the background since the loop last looked. */
  private inFlightError: Error | null = null;

  constructor(
    @Inject(ENV) private readonly env: Env,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SCAN_KEYS) private readonly keys: ScanKeys,
  ) {}

  /** Scans appended by this ingester since start. */
  get count(): number {
    return this.ingested;
  }

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_INGESTER) return;
    // Before the process serves: loading it on the first scan stalled the API's requests in the same process.
    loadCountryLookup();
    // Its own connection: XREADGROUP BLOCK must not sit in front of the API's auto-pipelined commands.
    this.connection = createRedis({ REDIS_URL: this.env.REDIS_URL, REDIS_TIMEOUT_MS: BLOCK_MS + 10_000 }, 'qrsharks-ingester');
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    // The batches in flight finish (and are acknowledged) before a blocked read is cut off.
    await Promise.allSettled([...this.inFlight]);
    if (this.blocked) this.connection?.disconnect();
    await this.loop;
    this.connection?.disconnect();
  }

  private async run(): Promise<void> {
    const redis = this.connection!;
    let failures = 0;
    let groupReady = false;
    // Its connection has no offline queue: a command before it is ready fails ("Stream isn't writeable"), which
    // every boot logged as a failure. Start once it is connected.
    await this.whenReady(redis);
    while (!this.stopped) {
      try {
        // A batch stored in the background failed: its entries stay pending for this consumer (read again below).
        if (this.inFlightError) await this.settle();
        if (this.ownPending) {
          // Entries this consumer read but could not store (PostgreSQL was down): again now, not only after another
          // ingester's XAUTOCLAIM once they have been idle for SCAN_CLAIM_IDLE_MS.
          const own = (await redis.xreadgroup(
            'GROUP',
            this.keys.group,
            this.consumer,
            'COUNT',
            BATCH,
            'STREAMS',
            this.keys.stream,
            '0',
          )) as [string, (StreamEntry | [string, null])[]][] | null;
          const entries = (own?.[0]?.[1] ?? []).filter((entry): entry is StreamEntry => Array.isArray(entry[1]));
          if (entries.length) await this.ingest(redis, entries);
          else this.ownPending = false;
          failures = 0;
          continue;
        }
        if (!groupReady) {
          await redis.xgroup('CREATE', this.keys.stream, this.keys.group, '0', 'MKSTREAM').catch((error: Error) => {
            if (!/BUSYGROUP/.test(error.message)) throw error;
          });
          groupReady = true;
        }
        if (Date.now() - this.lastClaim >= Math.min(this.env.SCAN_CLAIM_IDLE_MS, 5000)) {
          // XAUTOCLAIM may hand back this consumer's own entries when they are idle long enough: none may be in flight.
          await this.settle();
          await this.reclaim(redis);
          this.lastClaim = Date.now();
        }
        this.blocked = true;
        const reply = (await redis.xreadgroup(
          'GROUP',
          this.keys.group,
          this.consumer,
          'COUNT',
          BATCH,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.keys.stream,
          '>',
        )) as [string, StreamEntry[]][] | null;
        this.blocked = false;
        if (reply?.[0]?.[1]?.length) await this.ingestInBackground(redis, reply[0][1]);
        if (!this.inFlightError) failures = 0;
      } catch (error) {
        this.blocked = false;
        // Nothing of this consumer's may be in flight when its pending entries are read again.
        await this.settle().catch(() => undefined);
        if (this.stopped) break;
        if (/NOGROUP/.test((error as Error).message)) groupReady = false;
        // Whatever was read and not acknowledged is this consumer's to store again.
        this.ownPending = groupReady;
        failures += 1;
        if (failures === 1 || failures % 20 === 0)
          this.logger.warn({ msg: 'scan ingester failed; retrying', error: (error as Error).message, failures });
        await sleep(Math.min(50 * 2 ** failures, 2000));
      }
    }
    await this.settle().catch(() => undefined);
  }

  /**
   * Stores a batch without waiting for it, once fewer than IN_FLIGHT are being stored; the caller goes on reading. A
   * failure is kept for the loop (settle throws it), and the batch's entries stay pending for this consumer.
   */
  private async ingestInBackground(redis: Redis, entries: StreamEntry[]): Promise<void> {
    while (this.inFlight.size >= IN_FLIGHT) await Promise.race(this.inFlight);
    const batch: Promise<void> = this.ingest(redis, entries)
      .catch((error: Error) => {
        this.inFlightError ??= error;
      })
      .finally(() => this.inFlight.delete(batch));
    this.inFlight.add(batch);
  }

  /** Waits for every batch in flight; throws the first error one of them met since the last settle. */
  private async settle(): Promise<void> {
    while (this.inFlight.size) await Promise.all(this.inFlight);
    const error = this.inFlightError;
    this.inFlightError = null;
    if (error) throw error;
  }

  private whenReady(redis: Redis): Promise<void> {
    if (redis.status === 'ready' || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearInterval(check);
        redis.off('ready', done);
        resolve();
      };
      // Also checks whether the app is stopping meanwhile (Redis gone at shutdown).
      const check = setInterval(() => this.stopped && done(), 200);
      redis.once('ready', done);
    });
  }

  /** Takes over entries another (dead) consumer read but never acknowledged. */
  private async reclaim(redis: Redis): Promise<void> {
    let cursor = '0-0';
    for (let round = 0; round < 100 && !this.stopped; round++) {
      const [next, entries] = (await redis.xautoclaim(
        this.keys.stream,
        this.keys.group,
        this.consumer,
        this.env.SCAN_CLAIM_IDLE_MS,
        cursor,
        'COUNT',
        BATCH,
      )) as [string, (StreamEntry | null)[], string[]?];
      const live = entries.filter((entry): entry is StreamEntry => Array.isArray(entry) && Array.isArray(entry[1]));
      if (live.length) await this.ingest(redis, live);
      if (next === '0-0') return;
      cursor = next;
    }
  }

  private async ingest(redis: Redis, entries: StreamEntry[]): Promise<void> {
    const events: [string, NewEvent<Scanned>][] = [];
    const seen = new Set<string>();
    const live = new Map<string, LiveScan[]>();
    for (const [, fields] of entries) {
      const raw = rawScanFromFields(fields);
      if (!raw) {
        this.logger.warn({ msg: 'malformed scan entry dropped', fields: fields.slice(0, 6) });
        continue;
      }
      if (seen.has(raw.id)) continue;
      seen.add(raw.id);
      const scan = enrichScan(raw);
      events.push([scanStream(raw.qrId), scannedEvent(scan, raw.tenantId)]);
      const feed = live.get(raw.qrId) ?? [];
      feed.push({
        scanId: scan.scanId,
        qrId: scan.qrId,
        scannedAt: scan.scannedAt,
        device: scan.device,
        os: scan.os,
        browser: scan.browser,
        country: scan.country,
        referrer: scan.referrer,
        isBot: scan.isBot,
      });
      live.set(raw.qrId, feed);
    }
    if (events.length) await appendScans(this.store, events);
    const ids = entries.map(([id]) => id);
    // Acknowledged only after the commit; then removed, so the stream holds only what is not yet stored. The staff
    // console's figures ride along: scans stored this second, and the last one.
    const second = Math.floor(Date.now() / 1000);
    const transaction = redis
      .multi()
      .xack(this.keys.stream, this.keys.group, ...ids)
      .xdel(this.keys.stream, ...ids)
      .incrby(this.keys.ingestedIn(second), seen.size)
      .expire(this.keys.ingestedIn(second), 180);
    const last = events[events.length - 1]?.[1].data;
    if (last) {
      const figure: IngestedScan = {
        scanId: last.scanId,
        qrId: last.qrId,
        scannedAt: last.scannedAt,
        ingestedAt: new Date().toISOString(),
      };
      transaction.set(this.keys.lastIngested, JSON.stringify(figure));
    }
    await transaction.exec();
    this.ingested += seen.size;
    for (const [qrId, scans] of live) this.redis.publish(this.keys.live(qrId), JSON.stringify(scans)).catch(() => undefined);
  }
}
