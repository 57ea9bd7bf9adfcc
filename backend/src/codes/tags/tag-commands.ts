import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { ExpectedVersion } from '../../command-pipeline/versions';
import { EachCode } from '../bulk-actions/each-code';
import { evolveQr, initialQr } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';
import { checkTag, decideRemoveTag, decideRenameTag, decideSetTags } from '../model/tags';
import type { CodeDto, DeletedCodeDto } from '../read-model/code-dto';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CODES_PROJECTION } from '../read-model/codes.projection';
import type { CodeResults } from './tags.schemas';

/** PUT /api/dashboard/codes/{id}/tags: the code's tags become these (the edit page's tag editor). */
export class SetCodeTagsCommand extends Command<CodeDto | DeletedCodeDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly tags: readonly string[],
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

@CommandHandler(SetCodeTagsCommand)
export class SetCodeTagsHandler implements ICommandHandler<SetCodeTagsCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: CodesQueryService,
  ) {}

  execute({ user, qrId, tags, expected }: SetCodeTagsCommand): Promise<CodeDto | DeletedCodeDto> {
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [CODES_PROJECTION],
      decide: (state) => decideSetTags(state, { userId: user.id, tenantId: user.tenantId }, tags),
      answer: (state, committed) => this.codes.answer(state, committed.revision, committed.caughtUp),
    });
  }
}

/**
 * POST /api/dashboard/tags/rename and /remove: a tag renamed (or merged into another) or removed on every live code
 * of the caller that carries it, one QrTagsChanged per changed code. The codes are the ones the list shows with the
 * tag (owner and tenant scoped); each code decides again on its own stream, so a code that lost the tag meanwhile
 * records nothing.
 */
export class ChangeTagAcrossCodesCommand extends Command<CodeResults> {
  constructor(
    readonly user: AuthUser,
    readonly change: { rename: { from: string; to: string } } | { remove: string },
  ) {
    super();
  }
}

@CommandHandler(ChangeTagAcrossCodesCommand)
export class ChangeTagAcrossCodesHandler implements ICommandHandler<ChangeTagAcrossCodesCommand> {
  constructor(
    private readonly each: EachCode,
    private readonly codes: CodesQueryService,
  ) {}

  async execute({ user, change }: ChangeTagAcrossCodesCommand): Promise<CodeResults> {
    if ('rename' in change) {
      // Both words are checked before any code is looked at: a blank `to` is the request's 400, not one per code.
      const from = checkTag(change.rename.from, 'from');
      const to = checkTag(change.rename.to, 'to');
      const ids = await this.codes.idsTagged(user, from);
      return { results: await this.each.run(user, ids, (state, actor) => decideRenameTag(state, actor, from, to)) };
    }
    const tag = checkTag(change.remove, 'tag');
    const ids = await this.codes.idsTagged(user, tag);
    return { results: await this.each.run(user, ids, (state, actor) => decideRemoveTag(state, actor, tag)) };
  }
}
