import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { compareAllPositions, EventStore, RecordedEvent } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { ProjectionRecords, type DeadLetterRecord } from '../projections/projection-records';
import { ProjectionsService } from '../projections/projections.service';
import { DEAD_LETTER_NOT_FOUND, deadLetterRow, type DeadLetterAnswer, type DeadLetterDetailAnswer } from './operations.answers';
import type { DeadLettersQuery } from './operations.schemas';

/**
 * Dead letters (issue 19): events a projection failed to apply, listed with the failing event, and resolved by Retry
 * (apply it again) or Skip (leave it out for good), each recorded with who and when.
 */
@Injectable()
export class DeadLettersService {
  constructor(
    private readonly records: ProjectionRecords,
    private readonly projections: ProjectionsService,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async deadLetters(query: DeadLettersQuery): Promise<{ rows: DeadLetterAnswer[]; total: number }> {
    const { rows, total } = await this.records.deadLetters(
      { state: query.filter.state ?? 'open', projection: query.filter.projection, ids: query.filter.id?.map(Number) },
      { order: query.sort.order === 'ASC' ? 'ASC' : 'DESC', limit: query.range.limit, offset: query.range.offset },
    );
    return { rows: rows.map(deadLetterRow), total };
  }

  async deadLetter(id: number): Promise<DeadLetterDetailAnswer> {
    const row = await this.deadLetterRecord(id);
    const event = await this.failingEvent(row);
    return {
      ...deadLetterRow(row),
      event: event
        ? { streamId: event.streamId, revision: event.revision.toString(), type: event.type, data: event.data, metadata: event.metadata }
        : null,
    };
  }

  /**
   * Applies the failing event again (the cause fixed meanwhile, e.g. by a deploy), in one transaction with marking the
   * letter retried. Still failing: the letter stays open with the new error and the answer is 409 with that error.
   */
  async retry(admin: AuthUser, id: number): Promise<DeadLetterDetailAnswer> {
    const row = await this.deadLetterRecord(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    const projection = this.projections.get(row.projection);
    if (!projection) throw new DomainError('conflict', `No projection named ${row.projection} runs in this version.`);
    const event = await this.failingEvent(row);
    if (!event) throw new DomainError('conflict', 'The failing event can no longer be read from the event store.');
    try {
      await this.records.retryDeadLetter(id, admin.email, async (tx) => {
        if (projection.eventTypes.includes(event.type)) await projection.apply([event], tx);
      });
    } catch (error) {
      throw new DomainError('conflict', `The event still fails: ${(error as Error).message.slice(0, 300)}`);
    }
    return this.deadLetter(id);
  }

  /** Leaves the event out of the projection for good (it stays in the event store); recorded with who and when. */
  async skip(admin: AuthUser, id: number): Promise<DeadLetterDetailAnswer> {
    const row = await this.deadLetterRecord(id);
    if (row.resolution) throw new DomainError('conflict', `This dead letter was already ${row.resolution}.`);
    await this.records.skipDeadLetter(id, admin.email);
    return this.deadLetter(id);
  }

  private async deadLetterRecord(id: number): Promise<DeadLetterRecord> {
    const record = await this.records.deadLetter(id);
    if (!record) throw DomainError.notFound(DEAD_LETTER_NOT_FOUND);
    return record;
  }

  /** The event at the letter's position: read from just before it, through the store (so upcasters apply). */
  private async failingEvent(row: DeadLetterRecord): Promise<RecordedEvent | null> {
    const position = { commit: BigInt(row.commit), prepare: BigInt(row.prepare) };
    const [event] = await this.store.readAll({ after: { commit: position.commit, prepare: position.prepare - 1n }, maxCount: 1 });
    return event && event.id === row.eventId && compareAllPositions(event.position, position) === 0 ? event : null;
  }
}
