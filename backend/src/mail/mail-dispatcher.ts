import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DATABASE_URL } from '../database/database.module';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PERSONAL_DATA_KEYS } from '../event-store/event-store.module';
import { PERSONAL_DATA_ERASED, PRIVACY_EVENTS } from '../event-store/personal-data/personal-data-erased';
import type { PersonalDataKeys } from '../event-store/personal-data/personal-data-keys';
import { AdvisoryLocks } from '../projections/advisory-locks';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';
import { addressOf } from './mail-headers';
import { expandCampaigns, sourceOf } from './campaign-expansion';
import { eraseFromLedger } from './mail-erasure';
import { MAIL_EVENT_TYPES, messageDomainOf, messageIdFor, planMails } from './mail-plans';
import { MailQueue } from './mail-queue';
import { expiredKey, expireLedger, MAIL_RETENTION_EVENTS } from './mail-retention';

export const MAIL_DISPATCHER = 'mail-dispatcher';

/**
 * Events -> mails. Runs like a projection (its own checkpoint row `mail-dispatcher`, the same runner, one active
 * process through the advisory lock) but is not registered with ProjectionsService: the ledger is a record of what
 * was sent, not a read model, so `projections rebuild` must never copy and swap it (docs/decisions.md).
 *
 * In the batch's transaction, `apply` records each planned mail in `mail_ledger` (ON CONFLICT DO NOTHING: a replay or
 * a redelivered batch records nothing twice, nor a row retention expired, found by its expiredKey); after the commit,
 * `afterCommit` queues the batch's pending mails. A queue that could not be reached is made good by MailQueue's sweep
 * of pending rows.
 */
@Injectable()
export class MailDispatcher implements Projection, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  readonly name = MAIL_DISPATCHER;
  readonly tables = ['mail_ledger'];
  /** The mailed events, the erasures of personal data (issue 32: the ledger's rows of an erased subject) and retention. */
  readonly eventTypes = [...MAIL_EVENT_TYPES, PERSONAL_DATA_ERASED, ...MAIL_RETENTION_EVENTS.types];
  private readonly logger = new Logger('MailDispatcher');
  private runner: ProjectionRunner | null = null;
  private locks: AdvisoryLocks | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly queue: MailQueue,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.ROLE === 'api' || this.env.QRS_NO_RUNNERS || this.env.QRS_NO_MAIL) return;
    this.start();
  }

  start(): void {
    if (this.runner) return;
    this.locks ??= new AdvisoryLocks(this.databaseUrl, 'mail-dispatcher-lock');
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

  /** Stops recording as shutdown begins; a batch whose jobs can no longer be queued stays pending for the sweep. */
  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
    await this.locks?.close();
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    const now = new Date();
    const from = addressOf(this.env.MAIL_FROM);
    const rows = events
      .flatMap((event) => planMails(event, { supportEmail: this.env.SUPPORT_EMAIL, now }))
      .map((mail) => ({
        key: mail.key,
        client_id: mail.tenantId,
        kind: mail.kind,
        source_id: mail.sourceId,
        recipient: mail.recipient,
        data: mail.data,
        status: mail.skip ? 'skipped' : 'pending',
        send_after: mail.sendAfter.toISOString(),
        message_id: messageIdFor(mail.key, from),
      }));
    await expandCampaigns(events, tx, messageDomainOf(from), now);
    if (rows.length) await this.record(rows, tx);
    // After the batch's mails: an erasure in the same batch also reaches the rows just recorded.
    const hash = (kind: string, address: string) => this.keys.hash(kind, address);
    for (const erasure of PRIVACY_EVENTS.among(events)) await eraseFromLedger(erasure.data, tx, { hash, store: this.store });
    // Retention: a cutoff expires the rows due before its day, those this batch recorded too (a replay's).
    for (const expiry of MAIL_RETENTION_EVENTS.among(events)) await expireLedger(expiry.data, tx);
  }

  private async record(rows: Record<string, unknown>[], tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO mail_ledger (key, client_id, kind, source_id, recipient, data, status, send_after, message_id)
       SELECT key, client_id, kind, source_id, recipient, data, status, send_after, message_id
       FROM jsonb_to_recordset($1::jsonb) AS r(key text, client_id integer, kind text, source_id text, recipient text, data jsonb,
         status text, send_after timestamptz, message_id text)
       WHERE NOT EXISTS (SELECT 1 FROM mail_ledger e WHERE e.key = ${expiredKey('r.key')})
       ON CONFLICT (key) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  /** Queues the batch's mails that are still pending (a replay finds them sent and queues nothing). */
  async afterCommit(events: RecordedEvent[]): Promise<void> {
    const rows = (await this.dataSource.query(
      `SELECT key, send_after, client_id FROM mail_ledger WHERE source_id = ANY($1::text[]) AND status = 'pending'`,
      [events.map(sourceOf)],
    )) as { key: string; send_after: Date; client_id: number }[];
    await this.queue.enqueue(rows.map((row) => ({ key: row.key, sendAfter: row.send_after, tenantId: row.client_id })));
  }
}
