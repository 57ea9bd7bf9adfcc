import { Controller, Get, Headers, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { ifMatchVersion, VersionETag } from '../../command-pipeline/versions';
import { AnswerOf, BodyOf, IdParam, uuidId } from '../../common/input';
import { codeAnswer, deletedCodeAnswer } from '../editing/codes.answers';
import { NOT_FOUND } from '../model/qr-code';
import { CodesQueryService } from '../read-model/codes-query.service';
import { ChangeTagAcrossCodesCommand, SetCodeTagsCommand } from './tag-commands';
import {
  codeResultsAnswer,
  codeTagsSchema,
  ownerTagsAnswer,
  removeTagSchema,
  renameTagSchema,
  type CodeTagsBody,
  type RemoveTagBody,
  type RenameTagBody,
} from './tags.schemas';

/** Issue 35: tags on the caller's codes (the dashboard's filter, the edit page's editor, renaming a tag everywhere). */
@Controller('api/dashboard')
@Authenticated()
export class TagsController {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly commandBus: CommandBus,
  ) {}

  @Get('tags')
  @AnswerOf(ownerTagsAnswer)
  list(@CurrentUser() user: AuthUser) {
    return this.codes.ownerTags(user);
  }

  @Put('codes/:id/tags')
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  set(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), NOT_FOUND) id: string,
    @BodyOf(codeTagsSchema) body: CodeTagsBody,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.commandBus.execute(new SetCodeTagsCommand(user, id, body.tags, ifMatchVersion(ifMatch)));
  }

  @Post('tags/rename')
  @HttpCode(200)
  @AnswerOf(codeResultsAnswer)
  rename(@CurrentUser() user: AuthUser, @BodyOf(renameTagSchema) body: RenameTagBody) {
    return this.commandBus.execute(new ChangeTagAcrossCodesCommand(user, { rename: { from: body.from, to: body.to } }));
  }

  @Post('tags/remove')
  @HttpCode(200)
  @AnswerOf(codeResultsAnswer)
  remove(@CurrentUser() user: AuthUser, @BodyOf(removeTagSchema) body: RemoveTagBody) {
    return this.commandBus.execute(new ChangeTagAcrossCodesCommand(user, { remove: body.tag }));
  }
}
