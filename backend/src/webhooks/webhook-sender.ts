import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ENV, Env } from '../config/env';
import { DisableWebhookCommand } from './webhook.commands';
import { deliver } from './webhook-http';
import { signWebhook } from './webhook-payloads';

interface Row {
  key: string;
  webhook_id: string;
  client_id: number;
  message_id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
  endpoint_status: string;
}

/** What one job did: `settled` (delivered, failed for good, cancelled: the chain's next row may go), or an error to retry. */
export interface SendOutcome {
  status: string;
  settled: boolean;
  retry?: string;
}

/**
 * Sends one ledger row (a Bull job): mark 'sending' (attempts + 1; `interrupted` + 1 when the previous attempt never
 * finished), POST the stored body with Standard Webhooks' headers (the same webhook-id every time; the timestamp and
 * signature of this attempt), mark 'delivered' on a 2xx. Otherwise the row waits for Bull's next try (next_attempt_at
 * says when); after the last one it is 'failed' and the webhook is disabled (WebhookDisabled, which mails the owner).
 * A row behind an unsettled earlier row of its chain is left for that row to queue; a row of a webhook that is no
 * longer active is cancelled.
 */
@Injectable()
export class WebhookSender {
  private readonly logger = new Logger('WebhookSender');

  constructor(
    private readonly dataSource: DataSource,
    private readonly commandBus: CommandBus,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async send(key: string, job: { attempt: number; last: boolean }): Promise<SendOutcome> {
    const [[row]] = (await this.dataSource.query(
      `UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1, updated_at = now(),
         interrupted = d.interrupted + CASE WHEN d.status = 'sending' THEN 1 ELSE 0 END
       FROM webhook_endpoints w
       WHERE d.key = $1 AND w.id = d.webhook_id AND d.status IN ('pending', 'sending')
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhook_id = d.webhook_id AND e.qr_id = d.qr_id
           AND e.seq < d.seq AND e.status IN ('pending', 'sending'))
       RETURNING d.key, d.webhook_id, d.client_id, d.message_id, d.body, d.attempts, w.url, w.secret, w.status AS endpoint_status`,
      [key],
    )) as [Row[], number];
    if (!row) {
      const [known] = (await this.dataSource.query('SELECT status FROM webhook_deliveries WHERE key = $1', [key])) as { status: string }[];
      // Still pending: an earlier row of its chain is unsettled and will queue this one when it settles.
      return { status: known?.status ?? 'unknown', settled: Boolean(known) && known.status !== 'pending' && known.status !== 'sending' };
    }
    if (row.endpoint_status !== 'active') {
      await this.mark(key, 'cancelled', null, null);
      return { status: 'cancelled', settled: true };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await deliver(
      {
        url: row.url,
        body: row.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'QRCodeSharks-Webhooks/1',
          'webhook-id': row.message_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(row.secret, row.message_id, timestamp, row.body),
        },
      },
      {
        timeoutMs: this.env.WEBHOOK_TIMEOUT_MS,
        allowPrivate: this.env.ALLOW_PRIVATE_DESTINATIONS,
        dnsServers: this.env.DESTINATION_DNS_SERVERS,
      },
    );
    if (outcome.ok) {
      await this.mark(key, 'delivered', outcome.status, null);
      return { status: 'delivered', settled: true };
    }
    if (!job.last) {
      const next = new Date(Date.now() + this.env.WEBHOOK_BACKOFF_MS * 2 ** (job.attempt - 1));
      await this.mark(key, 'pending', outcome.status, next);
      return { status: 'pending', settled: false, retry: outcome.status };
    }
    // Failed for good: the endpoint stops here, before the chain's next row could go (the dispatcher cancels the pending
    // rows when it reads the WebhookDisabled appended next).
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `UPDATE webhook_deliveries SET status = 'failed', last_status = $2, next_attempt_at = NULL, updated_at = now() WHERE key = $1`,
        [key, outcome.status],
      );
      await tx.query(`UPDATE webhook_endpoints SET status = 'disabled' WHERE id = $1 AND status = 'active'`, [row.webhook_id]);
    });
    this.logger.warn(`Webhook ${row.webhook_id}: delivery ${key} failed for good (${outcome.status}); disabling the webhook`);
    await this.commandBus.execute(
      new DisableWebhookCommand(row.webhook_id, row.client_id, `${outcome.status} after ${row.attempts} attempts`),
    );
    return { status: 'failed', settled: false };
  }

  private async mark(key: string, status: string, lastStatus: string | null, next: Date | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = $2::varchar, last_status = COALESCE($3::text, last_status), next_attempt_at = $4,
         updated_at = now(), delivered_at = CASE WHEN $2::varchar = 'delivered' THEN now() ELSE delivered_at END
       WHERE key = $1`,
      [key, status, lastStatus, next],
    );
  }
}
