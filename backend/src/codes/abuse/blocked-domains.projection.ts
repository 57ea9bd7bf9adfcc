import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../../event-store/event-store';
import type { Projection } from '../../projections/projection';
import { ProjectionsService } from '../../projections/projections.service';
import { BLOCKLIST_EVENTS } from '../model/qr-code.events';

export const BLOCKED_DOMAINS_PROJECTION = 'blocked_domains';

/** `blocked_domains` from DomainBlocked / DomainUnblocked: what create and update check a destination against. */
@Injectable()
export class BlockedDomainsProjection implements Projection, OnModuleInit {
  readonly name = BLOCKED_DOMAINS_PROJECTION;
  readonly tables = ['blocked_domains'];
  readonly eventTypes = BLOCKLIST_EVENTS.types;

  constructor(private readonly projections: ProjectionsService) {}

  onModuleInit(): void {
    this.projections.register(this);
  }

  async apply(events: RecordedEvent[], tx: EntityManager): Promise<void> {
    for (const event of BLOCKLIST_EVENTS.among(events)) {
      if (event.type === 'DomainBlocked')
        await tx.query(
          `INSERT INTO blocked_domains (domain, client_id, reason, blocked_by, blocked_at) VALUES ($1, 1, $2, $3, $4)
           ON CONFLICT (domain) DO UPDATE SET reason = excluded.reason, blocked_by = excluded.blocked_by, blocked_at = excluded.blocked_at`,
          [event.data.domain, event.data.reason, event.metadata.actorId ?? null, event.metadata.occurredAt],
        );
      else await tx.query('DELETE FROM blocked_domains WHERE domain = $1', [event.data.domain]);
    }
  }
}
