import { Injectable, Logger } from '@nestjs/common';
import { userStream, type AuthUser } from '../../accounts';
import { CommandPipeline, WAIT_BOUND_MS, type PlannedAppend } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { isUuid } from '../../common/input';
import { compareAllPositions, type AllPosition } from '../../event-store/event-store';
import { ProjectionsService } from '../../projections/projections.service';
import { evolveQr, initialQr, NOT_FOUND, releasedSlot, type Actor, type QrState } from '../model/qr-code';
import { qrStream, type QrEvent } from '../model/qr-code.events';
import { CODES_PROJECTION } from '../read-model/codes.projection';
import type { CodeResult } from '../tags/tags.schemas';

/** One code's change in a run over many: its events on `qr-{id}` (pure, refuses with DomainError). */
export type CodeChange = (state: QrState, actor: Actor) => QrEvent[];

/** What a code that changes nothing can still not be: the message a result carries when something unexpected failed. */
export const CODE_NOT_CHANGED = 'This code could not be changed. Please try again.';
/** Codes changed at once: enough to overlap the appends, few enough to leave the pool to everyone else. */
const CONCURRENCY = 4;

/**
 * Issue 35: one change applied to many of a person's codes, each code through the command pipeline on its own stream
 * (its own event, its own audit row and History entry, its own optimistic retry). A refusal or failure of one code is
 * that code's result and the others go ahead. The codes projection is waited for once, after the last append, not per
 * code, so the list asked next shows every change. Deleting a dynamic code frees its cap slot in the same append, as
 * a single delete does.
 */
@Injectable()
export class EachCode {
  private readonly logger = new Logger('EachCode');

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly projections: ProjectionsService,
  ) {}

  async run(user: AuthUser, ids: readonly string[], change: CodeChange, options: { releasesSlot?: boolean } = {}): Promise<CodeResult[]> {
    const actor: Actor = { userId: user.id, tenantId: user.tenantId };
    const results: CodeResult[] = new Array(ids.length);
    const latest: { position: AllPosition | null } = { position: null };
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const index = next++;
        const id = ids[index];
        try {
          const position = await this.one(user, actor, id, change, options.releasesSlot === true);
          if (position && (!latest.position || compareAllPositions(position, latest.position) > 0)) latest.position = position;
          results[index] = { id, ok: true };
        } catch (error) {
          if (!(error instanceof DomainError))
            this.logger.error({ msg: 'a change of one code failed', qrId: id, error: (error as Error).message });
          results[index] = { id, ok: false, error: error instanceof DomainError ? error.message : CODE_NOT_CHANGED };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
    if (latest.position) await this.projections.waitFor(latest.position, [CODES_PROJECTION], WAIT_BOUND_MS).catch(() => false);
    return results;
  }

  private one(user: AuthUser, actor: Actor, id: string, change: CodeChange, releasesSlot: boolean): Promise<AllPosition | null> {
    // A malformed id names no code: not found, like a code of someone else, and no stream is read for it.
    if (!isUuid(id)) return Promise.reject(DomainError.notFound(NOT_FOUND));
    return this.pipeline.run({
      stream: qrStream(id.toLowerCase()),
      initial: initialQr,
      evolve: evolveQr,
      actor: { actorId: user.id, tenantId: user.tenantId },
      decide: (state) => change(state, actor),
      also: releasesSlot
        ? (state): Array<PlannedAppend & { expectedRevision: 'any' }> => [
            { streamId: userStream(state.code?.userId ?? user.id), events: releasedSlot(state), expectedRevision: 'any' },
          ]
        : undefined,
      answer: (_state, committed) => committed.position,
    });
  }
}
