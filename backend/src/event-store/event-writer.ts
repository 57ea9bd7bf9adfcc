import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { requestContext } from '../common/request-context';
import { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store';
import { EVENT_STORE } from './event-store.tokens';

export interface Folded<S> {
  state: S;
  /** Revision to expect on the next append: 'no_stream' when the stream is empty. */
  revision: bigint | 'no_stream';
  events: RecordedEvent[];
}

/**
 * Builds event envelopes from the request context (tenant, actor, correlation) and appends them.
 * Command handlers use it: load -> decide (pure) -> append with the revision they loaded.
 */
@Injectable()
export class EventWriter {
  constructor(@Inject(EVENT_STORE) readonly store: EventStore) {}

  event<T>(type: string, data: T, options: { id?: string; schemaVersion?: number; causationId?: string | null; actorId?: string; tenantId?: number } = {}): NewEvent<T> {
    const context = requestContext.currentOrSystem();
    return {
      id: options.id ?? randomUUID(),
      type,
      data,
      metadata: {
        tenantId: options.tenantId ?? context.tenantId,
        actorId: options.actorId ?? context.actorId,
        correlationId: context.requestId,
        causationId: options.causationId ?? null,
        occurredAt: new Date().toISOString(),
        schemaVersion: options.schemaVersion ?? 1,
      },
    };
  }

  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.store.append(streamId, events, { expectedRevision });
  }

  /** Folds a stream into state; the returned revision is the optimistic-concurrency guard for the next append. */
  async load<S>(streamId: string, initial: S, evolve: (state: S, event: RecordedEvent) => S): Promise<Folded<S>> {
    const events = await this.store.readStream(streamId);
    return {
      state: events.reduce(evolve, initial),
      revision: events.length ? events[events.length - 1].revision : 'no_stream',
      events,
    };
  }
}
