import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { WEBHOOK_NOT_FOUND } from './webhook';
import type { WebhookEventType } from './webhook.events';
import type { DeliveriesAnswer, WebhookAnswer } from './webhooks.answers';

interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  include_bots: boolean;
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

interface DeliveryRow {
  message_id: string;
  type: WebhookEventType;
  event_id: string;
  status: DeliveriesAnswer[number]['status'];
  attempts: number;
  last_status: string | null;
  next_attempt_at: Date | null;
  replay: boolean;
  created_at: Date;
  delivered_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The routes' reads: the owner's webhooks (the `webhooks` read model) and a webhook's deliveries (the ledger). */
@Injectable()
export class WebhooksQuery {
  constructor(private readonly dataSource: DataSource) {}

  async list(user: AuthUser): Promise<WebhookAnswer[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, url, events, include_bots, created_at, disabled_at, disabled_reason FROM webhooks
       WHERE client_id = $1 AND owner_id = $2 ORDER BY created_at DESC, id`,
      [user.tenantId, user.id],
    )) as WebhookRow[];
    return rows.map((row) => ({
      id: row.id,
      url: row.url,
      events: row.events,
      includeBots: row.include_bots,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.disabled_at ? 'disabled' : 'active',
      disabledAt: iso(row.disabled_at),
      disabledReason: row.disabled_reason,
    }));
  }

  /**
   * The webhooks part of a person's data export (account-export): their webhooks as GET /api/webhooks lists them (URL,
   * events, created, state); never the signing secret.
   */
  exportFor(user: AuthUser): Promise<WebhookAnswer[]> {
    return this.list(user);
  }

  /** The latest 100 deliveries of the caller's webhook, newest first; someone else's webhook is 404. */
  async deliveries(user: AuthUser, webhookId: string): Promise<DeliveriesAnswer> {
    const [mine] = (await this.dataSource.query('SELECT 1 FROM webhooks WHERE id = $1 AND client_id = $2 AND owner_id = $3', [
      webhookId,
      user.tenantId,
      user.id,
    ])) as unknown[];
    if (!mine) throw DomainError.notFound(WEBHOOK_NOT_FOUND);
    const rows = (await this.dataSource.query(
      `SELECT message_id, type, event_id, status, attempts, last_status, next_attempt_at, replay, created_at, delivered_at
       FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT 100`,
      [webhookId],
    )) as DeliveryRow[];
    return rows.map((row) => ({
      id: row.message_id,
      event: row.type,
      eventId: row.event_id,
      status: row.status,
      attempts: row.attempts,
      lastStatus: row.last_status,
      nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? iso(row.next_attempt_at) : null,
      replay: row.replay,
      createdAt: new Date(row.created_at).toISOString(),
      deliveredAt: iso(row.delivered_at),
    }));
  }
}
