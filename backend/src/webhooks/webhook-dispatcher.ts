import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { compareAllPositions } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { AdvisoryLocks } from '../projections/advisory-locks';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { USER_STREAM_EVENTS } from '../accounts';
import { QR_EVENTS } from '../codes';
import { WEBHOOK_EVENTS, type WebhookEventType, type WebhookReplayRequested } from './webhook.events';
import { DISPATCHED_EVENTS, messageIdOf, payloadOf, subjectOf } from './webhook-payloads';
import { WebhookQueue } from './webhook-queue';

export const WEBHOOK_DISPATCHER = 'webhook-dispatcher';
/** Events of the store read per page by a replay. */
const REPLAY_PAGE = 1000;

interface Endpoint {
  id: string;
  client_id: number;
  owner_id: string;
  events: WebhookEventType[];
  include_bots: boolean;
  status: string;
}

interface Code {
  qr_id: string;
  client_id: number;
  owner_id: string;
  short_code: string | null;
}

interface PlannedDelivery {
  key: string;
  webhook_id: string;
  client_id: number;
  qr_id: string;
  event_id: string;
  type: WebhookEventType;
  message_id: string;
  body: string;
  replay: boolean;
}

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
  readonly tables = ['webhook_endpoints', 'webhook_codes', 'webhook_deliveries'];
  readonly eventTypes = DISPATCHED_EVENTS.types;
  private readonly logger = new Logger('WebhookDispatcher');
  private runner: ProjectionRunner | null = null;
  private locks: AdvisoryLocks | null = null;
  /** The keys the last applied batch recorded: afterCommit queues those that head their chain. */
  private planned: string[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly queue: WebhookQueue,
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
    const relevant = DISPATCHED_EVENTS.among(events);
    if (!relevant.length) return;
    const codes = await this.loadCodes(relevant, tx);
    const endpoints = await this.loadEndpoints([...codes.values()], relevant, tx);
    const rows: PlannedDelivery[] = [];
    for (const event of relevant) {
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
        } else if (event.type === 'WebhookRetryRequested') {
          await this.flush(rows, tx);
          await this.retry(event.data.webhookId, event.data.deliveryId, endpoints, tx);
        } else if (event.type === 'WebhookReplayRequested') {
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
      rows.push(...this.plan(event, codes, [...endpoints.values()], false));
    }
    await this.flush(rows, tx);
  }

  /** Queues the batch's new rows that head their chain (a replay of the batch finds them recorded and queues nothing new). */
  async afterCommit(): Promise<void> {
    const keys = this.planned;
    this.planned = [];
    if (!keys.length) return;
    await this.queue.enqueueHeads(keys);
  }

  /** The deliveries of one event: every active endpoint of the code's owner subscribed to its type. */
  private plan(
    event: RecordedEvent,
    codes: Map<string, Code>,
    endpoints: Endpoint[],
    replay: string | false,
    only?: string,
  ): PlannedDelivery[] {
    const subject = subjectOf(event);
    const code = subject && codes.get(subject.qrId);
    if (!subject || !code || code.client_id !== event.metadata.tenantId) return [];
    const payload = payloadOf(event, { qrId: code.qr_id, shortCode: code.short_code });
    if (!payload) return [];
    const body = JSON.stringify(payload);
    return endpoints
      .filter(
        (endpoint) =>
          endpoint.status === 'active' &&
          (only === undefined || endpoint.id === only) &&
          endpoint.client_id === code.client_id &&
          endpoint.owner_id === code.owner_id &&
          endpoint.events.includes(subject.type) &&
          (!subject.isBot || endpoint.include_bots),
      )
      .map((endpoint) => ({
        key: replay ? `replay:${replay}:${event.id}` : `event:${event.id}:${endpoint.id}`,
        webhook_id: endpoint.id,
        client_id: code.client_id,
        qr_id: code.qr_id,
        event_id: event.id,
        type: subject.type,
        message_id: messageIdOf(event.id),
        body,
        replay: Boolean(replay),
      }));
  }

  /** Records the rows planned so far, in the store's order (their `seq`). */
  private async flush(rows: PlannedDelivery[], tx: EntityManager): Promise<void> {
    if (!rows.length) return;
    const batch = rows.splice(0, rows.length);
    const inserted = (await tx.query(
      `INSERT INTO webhook_deliveries (key, webhook_id, client_id, qr_id, event_id, type, message_id, body, replay, next_attempt_at)
       SELECT r.key, r.webhook_id, r.client_id, r.qr_id, r.event_id, r.type, r.message_id, r.body, r.replay, now()
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
       CROSS JOIN LATERAL jsonb_to_record(e.value) AS r(key text, webhook_id uuid, client_id integer, qr_id uuid,
         event_id uuid, type text, message_id text, body text, replay boolean)
       ORDER BY e.n
       ON CONFLICT (key) DO NOTHING RETURNING key`,
      [JSON.stringify(batch)],
    )) as { key: string }[];
    this.planned.push(...inserted.map((row) => row.key));
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
   * WebhookReplayRequested: every event before it in the store that happened at or after `from`, for this webhook only,
   * recorded again under the replay's keys (same bodies and webhook-ids as the first time). Reads `$all` from the start.
   */
  private async replay(event: RecordedEvent, request: WebhookReplayRequested, tx: EntityManager): Promise<void> {
    const [endpoint] = (await tx.query(
      'SELECT id, client_id, owner_id, events, include_bots, status FROM webhook_endpoints WHERE id = $1',
      [request.webhookId],
    )) as Endpoint[];
    if (!endpoint || endpoint.status !== 'active') return;
    const from = Date.parse(request.from);
    const codes = new Map<string, Code>();
    for (const row of (await tx.query(
      'SELECT qr_id, client_id, owner_id, short_code FROM webhook_codes WHERE client_id = $1 AND owner_id = $2',
      [endpoint.client_id, endpoint.owner_id],
    )) as Code[])
      codes.set(row.qr_id, row);
    let after: RecordedEvent['position'] | null = null;
    for (;;) {
      const page = await this.store.readAll({ after, maxCount: REPLAY_PAGE });
      const rows: PlannedDelivery[] = [];
      let done = page.length < REPLAY_PAGE;
      for (const old of page) {
        if (compareAllPositions(old.position, event.position) >= 0) {
          done = true;
          break;
        }
        if (Date.parse(old.metadata.occurredAt) < from) continue;
        rows.push(...this.plan(old, codes, [endpoint], request.replayId, endpoint.id));
      }
      await this.flush(rows, tx);
      if (done || !page.length) return;
      after = page[page.length - 1].position;
    }
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
