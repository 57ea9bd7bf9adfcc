import { Injectable } from '@nestjs/common';
import { AllPosition, AppendResult, compareAllPositions, WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter, Folded } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { AccountError, evolveKey, evolveUser, initialKey, initialUser, KeyState, UserState } from './user';
import { userStream } from './user.events';
import { USERS_PROJECTION } from './users.projection';

export type Typed = { type: string; data: unknown };

/** The plumbing every account command shares: fold a stream, wrap events, append at loaded revisions, wait for the users read model. */
@Injectable()
export class UserStreams {
  constructor(readonly events: EventWriter, private readonly projections: ProjectionsService) {}

  /** Other features append to user-{id} too: always append with the revision loaded here. */
  loadUser(userId: string): Promise<Folded<UserState>> {
    return this.events.load<UserState>(userStream(userId), initialUser, evolveUser);
  }

  /** A reservation stream (`username-…`, `google-…`). */
  loadKey(streamId: string): Promise<Folded<KeyState>> {
    return this.events.load<KeyState>(streamId, initialKey, evolveKey);
  }

  envelopes(events: Typed[], actorId?: string, tenantId?: number) {
    return events.map((event) => this.events.event(event.type, event.data, { actorId, tenantId }));
  }

  /**
   * Appends typed events to several streams in one transaction (Postgres), then waits for the users read model
   * (read-your-writes). A revision conflict on a reservation stream becomes 409 `conflictMessage`.
   */
  async appendAndWait(appends: { streamId: string; events: Typed[]; expectedRevision: Folded<unknown>['revision'] }[], actorId?: string, conflictMessage?: string, tenantId?: number): Promise<void> {
    const nonEmpty = appends.filter((append) => append.events.length > 0).map((append) => ({ ...append, events: this.envelopes(append.events, actorId, tenantId) }));
    if (!nonEmpty.length) return;
    let results: AppendResult[];
    try {
      results = await this.events.store.appendMany(nonEmpty);
    } catch (error) {
      if (conflictMessage && error instanceof WrongExpectedVersionError && !error.streamId.startsWith('user-')) throw new AccountError(conflictMessage, 409);
      throw error;
    }
    await this.waitForAppend(results);
  }

  async waitForAppend(results: AppendResult[]): Promise<void> {
    const last = results.map((result) => result.position).reduce<AllPosition | null>((max, position) => (!max || compareAllPositions(position, max) > 0 ? position : max), null);
    if (last) await this.projections.waitFor(last, [USERS_PROJECTION]);
  }
}
