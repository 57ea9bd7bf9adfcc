import type { INestApplicationContext } from '@nestjs/common';
import { envelope } from '../command-pipeline/command-pipeline';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';

/** Tests that set the scene with events of their own (seed clients, old shapes) or read streams directly. */
export function testEvents(app: INestApplicationContext) {
  const store = app.get<EventStore>(EVENT_STORE);
  return {
    store,
    event<T>(type: string, data: T, options: { tenantId?: number; actorId?: string; id?: string } = {}): NewEvent<T> {
      return envelope({ type, data, id: options.id }, { tenantId: options.tenantId ?? 1, actorId: options.actorId ?? 'system' });
    },
    append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
      return store.append(streamId, events, { expectedRevision });
    },
  };
}
