import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { everyPeriod } from '../command-pipeline/retention';
import { ENV, Env } from '../config/env';
import { compareAllPositions, type AllPosition, type EventStore, type RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { subjectOf } from './webhook-payloads';
import { planDeliveries, recordDeliveries, type Code, type Endpoint, type PlannedDelivery } from './webhook-plan';
import { WebhookQueue } from './webhook-queue';

interface ReplayRow {
  replay_id: string;
  webhook_id: string;
  from_at: Date;
  until_commit: string;
  until_prepare: string;
  after_commit: string | null;
  after_prepare: string | null;
}

/** Another process moved the replay's cursor first: this page's transaction is rolled back, the replay read again. */
class ReplayMovedError extends Error {}

/**
 * A replay (WebhookReplayRequested) read from the store a page at a time (issue 34): the dispatcher records the request
 * in `webhook_replays` (the webhook, `from`, and the request's position: events before it are replayed); this reads
 * WEBHOOK_REPLAY_PAGE events of `$all` after the replay's cursor, records that page's deliveries and moves the cursor
 * in ONE transaction (compare-and-set), queues the new rows that head their chain, and goes on until it reaches the
 * request. Memory and each transaction are bounded by one page, whatever the size of the store; a crash resumes from
 * the last page committed (its rows are keyed by replay and event: a page done twice records nothing twice). The
 * dispatcher runs it after the batch that recorded the request (and waits for it, so the replayed rows come before
 * the events that follow the request); every WEBHOOK_SWEEP_MS each worker also looks for a replay left unfinished.
 */
@Injectable()
export class WebhookReplayer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookReplayer');
  private running: Promise<void> | null = null;
  private again = false;
  private stopTimer: (() => void) | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    private readonly queue: WebhookQueue,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS || this.env.QRS_NO_MAIL) return;
    this.stopTimer = everyPeriod('WebhookReplayer', this.env.WEBHOOK_SWEEP_MS, () => this.run());
  }

  onModuleDestroy(): void {
    this.stopTimer?.();
  }

  /** Works through every unfinished replay, oldest first. One run per process at a time: a call meanwhile runs it again after. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runAll();
      } while (this.again);
    })().finally(() => (this.running = null));
    return this.running;
  }

  private async runAll(): Promise<void> {
    for (;;) {
      const [replay] = (await this.dataSource.query(
        `SELECT replay_id, webhook_id, from_at, until_commit::text, until_prepare::text, after_commit::text, after_prepare::text
         FROM webhook_replays WHERE NOT done ORDER BY created_at, replay_id LIMIT 1`,
      )) as ReplayRow[];
      if (!replay) return;
      try {
        await this.page(replay);
      } catch (error) {
        if (!(error instanceof ReplayMovedError)) throw error;
      }
    }
  }

  /** One page of one replay, in one transaction; then its new heads are queued. */
  private async page(replay: ReplayRow): Promise<void> {
    const pageSize = this.env.WEBHOOK_REPLAY_PAGE;
    const after: AllPosition | null =
      replay.after_commit === null ? null : { commit: BigInt(replay.after_commit), prepare: BigInt(replay.after_prepare ?? '0') };
    const until: AllPosition = { commit: BigInt(replay.until_commit), prepare: BigInt(replay.until_prepare) };
    const events = await this.store.readAll({ after, maxCount: pageSize });
    const keys = await this.dataSource.transaction(async (tx) => {
      const [endpoint] = (await tx.query(
        'SELECT id, client_id, owner_id, events, include_bots, status FROM webhook_endpoints WHERE id = $1',
        [replay.webhook_id],
      )) as Endpoint[];
      const active = endpoint?.status === 'active';
      const fromMs = new Date(replay.from_at).getTime();
      // A webhook disabled or deleted meanwhile: the replay ends, recording nothing more.
      let done = !active || events.length < pageSize;
      let last = after;
      const page: RecordedEvent[] = [];
      if (active) {
        for (const event of events) {
          if (compareAllPositions(event.position, until) >= 0) {
            done = true;
            break;
          }
          last = event.position;
          if (Date.parse(event.metadata.occurredAt) >= fromMs) page.push(event);
        }
      }
      const rows: PlannedDelivery[] = [];
      if (active && page.length) {
        const ids = [...new Set(page.map((event) => subjectOf(event)?.qrId).filter((id): id is string => Boolean(id)))];
        const codes = new Map(
          (
            (await tx.query(
              `SELECT qr_id, client_id, owner_id, short_code FROM webhook_codes
               WHERE qr_id = ANY($1::uuid[]) AND client_id = $2 AND owner_id = $3`,
              [ids, endpoint.client_id, endpoint.owner_id],
            )) as Code[]
          ).map((code) => [code.qr_id, code]),
        );
        for (const event of page) rows.push(...planDeliveries(event, codes, [endpoint], replay.replay_id, endpoint.id));
      }
      const recorded = await recordDeliveries(rows, tx);
      const [, moved] = (await tx.query(
        `UPDATE webhook_replays SET after_commit = $2, after_prepare = $3, pages = pages + 1, done = $4, updated_at = now()
         WHERE replay_id = $1 AND NOT done
           AND after_commit IS NOT DISTINCT FROM $5::bigint AND after_prepare IS NOT DISTINCT FROM $6::bigint`,
        [
          replay.replay_id,
          last?.commit.toString() ?? null,
          last?.prepare.toString() ?? null,
          done,
          replay.after_commit,
          replay.after_prepare,
        ],
      )) as [unknown, number];
      if (moved !== 1) throw new ReplayMovedError(`Replay ${replay.replay_id} moved on elsewhere`);
      return recorded;
    });
    await this.queue.enqueueHeads(keys).catch((error: Error) => this.logger.warn(`Queueing replayed deliveries: ${error.message}`));
  }
}
