import { Controller, Delete, Get, Headers, Post, Put, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { ifMatchVersion, VersionETag } from '../../command-pipeline/versions';
import { AnswerOf, BodyOf, IdParam, uuidId } from '../../common/input';
import { codeChangesInputSchema, codeInputSchema, type CodeChangesInput } from './code-requests';
import { codeAnswer, deletedCodeAnswer, historyEntryAnswer, type HistoryEntryAnswer } from './codes.answers';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CreateQrCodeCommand } from './create-qr-code.command';
import { IdempotencyKey, IdempotentCreate } from './idempotency';
import { DeleteQrCodeCommand } from './delete-qr-code.command';
import type { CodeInput } from '../model/code-input';
import { NOT_FOUND } from '../model/qr-code';
import { UpdateQrCodeCommand } from './update-qr-code.command';
import { FileOf, type FileUpload } from '../uploads/file-upload';
import { Multipart } from '../uploads/multipart.interceptor';

const CodeId = () => IdParam('id', uuidId(), NOT_FOUND);

/**
 * Core spec section 7: saved static codes (create, list, change, delete) and any code's history. Previews, downloads
 * and the subdomain's preselection are generator/generator.controller.ts's; tracking is tracking/tracking.controller.ts's.
 */
@Controller('api')
export class CodesController {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('qrcodes')
  @Authenticated()
  @UseInterceptors(Multipart('logoFile'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @VersionETag()
  @IdempotentCreate()
  @AnswerOf(codeAnswer, 201)
  create(
    @CurrentUser() user: AuthUser,
    @BodyOf(codeInputSchema()) input: CodeInput,
    @FileOf('logoFile') logo: FileUpload | null,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(CreateQrCodeCommand.from(user, input, logo, key));
  }

  @Get('qrcodes')
  @Authenticated()
  @AnswerOf(codeAnswer.array())
  list(@CurrentUser() user: AuthUser) {
    return this.codes.listStatic(user);
  }

  @Put('qrcodes/:id')
  @Authenticated()
  @UseInterceptors(Multipart('logoFile'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  update(
    @CurrentUser() user: AuthUser,
    @CodeId() id: string,
    @BodyOf(codeChangesInputSchema) input: CodeChangesInput,
    @FileOf('logoFile') logo: FileUpload | null,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.commandBus.execute(UpdateQrCodeCommand.from(user, id, input, logo, ifMatch));
  }

  @Delete('qrcodes/:id')
  @Authenticated()
  @AnswerOf(deletedCodeAnswer)
  remove(@CurrentUser() user: AuthUser, @CodeId() id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new DeleteQrCodeCommand(user, id, undefined, ifMatchVersion(ifMatch)));
  }

  @Get('qrcodes/:id/history')
  @Authenticated()
  @AnswerOf(historyEntryAnswer.array())
  history(@CurrentUser() user: AuthUser, @CodeId() id: string): Promise<HistoryEntryAnswer[]> {
    return this.codes.history(user, id);
  }
}
