import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { AdvisoryLocks } from '../projections/advisory-locks';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { USER_STREAM_EVENTS } from '../accounts';
import { QR_EVENTS } from '../codes';
import { WEBHOOK_EVENTS, type WebhookReplayRequested } from './webhook.events';
import { DISPATCHED_EVENTS, subjectOf } from './webhook-payloads';
import { planDeliveries, recordDeliveries, type Code, type Endpoint, type PlannedDelivery } from './webhook-plan';
import { WebhookReplayer } from './webhook-replayer';
import { WebhookQueue } from './webhook-queue';
import { expireDeliveries, WEBHOOK_RETENTION_EVENTS, WEBHOOK_RETENTION_STREAM } from './webhook-retention';
import { retentionCutoff } from '../command-pipeline/retention';

export const WEBHOOK_DISPATCHER = 'webhook-dispatcher';

/**
 * Events -> webhook deliveries, like mail's dispatcher: a checkpointed consumer of `$all` (row `webhook-dispatcher`,
 * one active process through the advisory lock), not a registered projection, so `projections rebuild` never touches
 * its tables. In each batch's transaction it follows the webhooks (webhook_endpoints) and the codes' owners
 * (webhook_codes) as the store orders them, and records one ledger row per event × subscribed webhook (ON CONFLICT DO
 * NOTHING: a redelivered batch records nothing twice); after the commit the rows that head their chain (no earlier
 * unsettled row of the same webhook and code) are queued. Scans arrive as the ingested `Scanned` events, never from the
 * redirect's path.
 */
@Injectable()
export class WebhookDispatcher implements Projection, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  readonly name = WEBHOOK_DISPATCHER;
  readonly tables = ['webhook_endpoints', 'webhook_codes', 'webhook_deliveries', 'webhook_replays'];
  readonly eventTypes = DISPATCHED_EVENTS.types;
  private readonly logger = new Logger('WebhookDispatcher');
  private runner: ProjectionRunner | null = null;
  private locks: AdvisoryLocks | null = null;
  /** The latest retention cutoff seen ('YYYY-MM-DD'; '' none); null until read from its stream. */
  private recordedCutoff: string | null = null;
  /** The keys the last applied batch recorded: afterCommit queues those that head their chain. */
  private planned: string[] = [];
  /** The last applied batch recorded a replay request: afterCommit runs the replayer. */
  private replays = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly queue: WebhookQueue,
    private readonly replayer: WebhookReplayer,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS || this.env.QRS_NO_MAIL) return;
    this.start();
  }

  start(): void {
    if (this.runner) return;
    this.locks ??= new AdvisoryLocks(this.databaseUrl, 'webhook-dispatcher-lock');
    this.runner = new ProjectionRunner(this, this.store, this.dataSource, {
      exclusive: true,
      locks: this.locks,
      log: (message, extra) => this.logger.warn({ msg: message, ...extra }),
    });
    this.runner.start();
  }

  async stop(): Promise<void> {
    await this.runner?.stop();
    this.runner = null;
  }

  get position() {
    return this.runner?.position ?? null;
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
    await this.locks?.close();
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    this.planned = [];
    this.replays = false;
    const relevant = DISPATCHED_EVENTS.among(events);
    if (!relevant.length) return;
    const keptFrom = await this.keptFrom();
    const codes = await this.loadCodes(relevant, tx);
    const endpoints = await this.loadEndpoints([...codes.values()], relevant, tx);
    const rows: PlannedDelivery[] = [];
    for (const event of relevant) {
      if (WEBHOOK_RETENTION_EVENTS.has(event)) {
        await this.flush(rows, tx);
        await expireDeliveries(event.data, tx);
        if (event.data.before > (this.recordedCutoff ?? '')) this.recordedCutoff = event.data.before;
        continue;
      }
      if (WEBHOOK_EVENTS.has(event)) {
        if (event.type === 'WebhookCreated') {
          const { data } = event;
          const endpoint = {
            id: data.webhookId,
            client_id: event.metadata.tenantId,
            owner_id: data.ownerId,
            events: data.events,
            include_bots: data.includeBots,
            status: 'active',
          };
          endpoints.set(endpoint.id, endpoint);
          await tx.query(
            `INSERT INTO webhook_endpoints (id, client_id, owner_id, url, events, include_bots, secret, status)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'active') ON CONFLICT (id) DO NOTHING`,
            [endpoint.id, endpoint.client_id, endpoint.owner_id, data.url, data.events, data.includeBots, data.secret],
          );
        } else if (event.type === 'WebhookDeleted' || event.type === 'WebhookDisabled') {
          const status = event.type === 'WebhookDeleted' ? 'deleted' : 'disabled';
          const known = endpoints.get(event.data.webhookId);
          if (known) known.status = status;
          await this.flush(rows, tx);
          await tx.query('UPDATE webhook_endpoints SET status = $2 WHERE id = $1', [event.data.webhookId, status]);
          await tx.query(
            `UPDATE webhook_deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
             WHERE webhook_id = $1 AND status = 'pending'`,
            [event.data.webhookId],
          );
        } else if (event.type === 'WebhookEnabled') {
          // From here on the webhook gets events again (a deleted one stays deleted).
          await this.flush(rows, tx);
          const [[enabled]] = (await tx.query(
            `UPDATE webhook_endpoints SET status = 'active' WHERE id = $1 AND status IN ('active', 'disabled') RETURNING id`,
            [event.data.webhookId],
          )) as [{ id: string }[], number];
          const known = endpoints.get(event.data.webhookId);
          if (known && enabled) known.status = 'active';
        } else if (event.type === 'WebhookRetryRequested') {
          await this.flush(rows, tx);
          await this.retry(event.data.webhookId, event.data.deliveryId, endpoints, tx);
        } else if (event.type === 'WebhookReplayRequested' && Date.parse(event.metadata.occurredAt) >= keptFrom) {
          await this.flush(rows, tx);
          await this.replay(event, event.data, tx);
        }
        continue;
      }
      if (USER_STREAM_EVENTS.has(event) && event.type === 'UserDeleted') {
        // A deleted account's webhooks stop, and their URLs and secrets are forgotten with it.
        await this.flush(rows, tx);
        for (const endpoint of endpoints.values()) if (endpoint.owner_id === event.data.userId) endpoint.status = 'deleted';
        await tx.query(`UPDATE webhook_endpoints SET status = 'deleted', url = '', secret = '' WHERE owner_id = $1`, [event.data.userId]);
        await tx.query(
          `UPDATE webhook_deliveries d SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
           FROM webhook_endpoints w WHERE w.id = d.webhook_id AND w.owner_id = $1 AND d.status = 'pending'`,
          [event.data.userId],
        );
        continue;
      }
      if (QR_EVENTS.has(event) && event.type === 'QrCreated') {
        const code = {
          qr_id: event.data.qrId,
          client_id: event.metadata.tenantId,
          owner_id: event.data.userId,
          short_code: event.data.shortCode,
        };
        if (code.owner_id && !codes.has(code.qr_id)) {
          codes.set(code.qr_id, code);
          await tx.query(
            `INSERT INTO webhook_codes (qr_id, client_id, owner_id, short_code) VALUES ($1, $2, $3, $4) ON CONFLICT (qr_id) DO NOTHING`,
            [code.qr_id, code.client_id, code.owner_id, code.short_code],
          );
        }
      }
      if (Date.parse(event.metadata.occurredAt) >= keptFrom) rows.push(...planDeliveries(event, codes, [...endpoints.values()], false));
    }
    await this.flush(rows, tx);
  }

  /**
   * Events from before this are not delivered as new (nor a replay asked before it): the later of the cutoff
   * WEBHOOK_DELIVERY_RETENTION_DAYS gives today and the last one recorded (`retention-webhook-deliveries`, read once).
   * Their rows, if they had any, were removed by the retention or are about to be, and a dispatcher replayed from the
   * start must not record and send them again.
   */
  private async keptFrom(): Promise<number> {
    this.recordedCutoff ??= (await this.store.readStream(WEBHOOK_RETENTION_STREAM)).reduce(
      (latest, event) => (WEBHOOK_RETENTION_EVENTS.has(event) && event.data.before > latest ? event.data.before : latest),
      '',
    );
    const today = retentionCutoff(this.env.WEBHOOK_DELIVERY_RETENTION_DAYS);
    return Date.parse(this.recordedCutoff > today ? this.recordedCutoff : today);
  }

  /** Queues the batch's new rows that head their chain (a replay of the batch finds them recorded and queues nothing new). */
  async afterCommit(): Promise<void> {
    const keys = this.planned;
    const replays = this.replays;
    this.planned = [];
    this.replays = false;
    if (keys.length) await this.queue.enqueueHeads(keys);
    // Waited for: the replayed rows are recorded before the rows of the events after the request.
    if (replays) await this.replayer.run();
  }

  /** Records the rows planned so far, in the store's order (their `seq`). */
  private async flush(rows: PlannedDelivery[], tx: EntityManager): Promise<void> {
    if (!rows.length) return;
    this.planned.push(...(await recordDeliveries(rows.splice(0, rows.length), tx)));
  }

  /**
   * WebhookRetryRequested: the delivery's failed rows go back in the queue, due now, with their body and webhook-id;
   * a disabled endpoint is active again (a deleted one stays deleted and nothing is sent).
   */
  private async retry(webhookId: string, deliveryId: string, endpoints: Map<string, Endpoint>, tx: EntityManager): Promise<void> {
    // An UPDATE ... RETURNING answers [rows, count] through TypeORM's query().
    const [[endpoint]] = (await tx.query(
      `UPDATE webhook_endpoints SET status = 'active' WHERE id = $1 AND status IN ('active', 'disabled') RETURNING id`,
      [webhookId],
    )) as [{ id: string }[], number];
    if (!endpoint) return;
    const known = endpoints.get(webhookId);
    if (known) known.status = 'active';
    const [retried] = (await tx.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), updated_at = now()
       WHERE webhook_id = $1 AND message_id = $2 AND status = 'failed' RETURNING key`,
      [webhookId, deliveryId],
    )) as [{ key: string }[], number];
    this.planned.push(...retried.map((row) => row.key));
  }

  /**
   * WebhookReplayRequested: recorded in `webhook_replays` with the request's position; after the commit the replayer
   * reads the store up to it a page at a time, each page in its own transaction (webhook-replayer.ts).
   */
  private async replay(event: RecordedEvent, request: WebhookReplayRequested, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO webhook_replays (replay_id, webhook_id, from_at, until_commit, until_prepare)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (replay_id) DO NOTHING`,
      [request.replayId, request.webhookId, request.from, event.position.commit.toString(), event.position.prepare.toString()],
    );
    this.replays = true;
  }

  private async loadCodes(events: RecordedEvent[], tx: EntityManager): Promise<Map<string, Code>> {
    const ids = [...new Set(events.map((event) => subjectOf(event)?.qrId).filter((id): id is string => Boolean(id)))];
    const rows = ids.length
      ? ((await tx.query('SELECT qr_id, client_id, owner_id, short_code FROM webhook_codes WHERE qr_id = ANY($1::uuid[])', [
          ids,
        ])) as Code[])
      : [];
    return new Map(rows.map((row) => [row.qr_id, row]));
  }

  /** The active endpoints of the owners the batch's events concern (known codes, codes created in it, webhooks changed). */
  private async loadEndpoints(codes: Code[], events: RecordedEvent[], tx: EntityManager): Promise<Map<string, Endpoint>> {
    const owners = new Set(codes.map((code) => code.owner_id));
    for (const event of events) if (QR_EVENTS.has(event) && event.type === 'QrCreated' && event.data.userId) owners.add(event.data.userId);
    const webhookIds = WEBHOOK_EVENTS.among(events).map((event) => event.data.webhookId);
    const rows = (await tx.query(
      `SELECT id, client_id, owner_id, events, include_bots, status FROM webhook_endpoints
       WHERE (owner_id = ANY($1::uuid[]) AND status = 'active') OR id = ANY($2::uuid[])`,
      [[...owners], webhookIds],
    )) as Endpoint[];
    return new Map(rows.map((row) => [row.id, row]));
  }
}
