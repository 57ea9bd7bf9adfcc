import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { decideDelete, decidePause, decideResume } from '../model/qr-code';
import { decideAddTag, decideRemoveTag } from '../model/tags';
import type { CodeResults } from '../tags/tags.schemas';
import type { BulkAction } from './bulk-actions.schemas';
import { EachCode, type CodeChange } from './each-code';

/** POST /api/dashboard/codes/bulk (issue 35): pause, resume, delete, tag or untag many of the caller's codes. */
export class BulkActionCommand extends Command<CodeResults> {
  constructor(
    readonly user: AuthUser,
    readonly ids: readonly string[],
    readonly action: BulkAction,
    readonly tag: string | undefined,
  ) {
    super();
  }
}

/**
 * Each code its own decision and event (QrPaused, QrResumed, QrDeleted with its slot released, QrTagsChanged), as the
 * single-code routes decide them: a static code cannot be paused, a paused code pausing again records nothing (and is
 * ok), someone else's code is not found. Ids named twice are changed once; the results keep the order asked.
 */
@CommandHandler(BulkActionCommand)
export class BulkActionHandler implements ICommandHandler<BulkActionCommand> {
  constructor(private readonly each: EachCode) {}

  async execute({ user, ids, action, tag }: BulkActionCommand): Promise<CodeResults> {
    const unique = [...new Set(ids)];
    const changes: Record<BulkAction, CodeChange> = {
      pause: decidePause,
      resume: decideResume,
      delete: (state, actor) => decideDelete(state, actor),
      tag: (state, actor) => decideAddTag(state, actor, tag ?? ''),
      untag: (state, actor) => decideRemoveTag(state, actor, tag ?? ''),
    };
    const change = changes[action];
    return { results: await this.each.run(user, unique, change, { releasesSlot: action === 'delete' }) };
  }
}
