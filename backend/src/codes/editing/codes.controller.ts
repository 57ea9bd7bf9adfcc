import { Controller, Delete, Get, Headers, HttpCode, Post, Put, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes } from '@nestjs/swagger';
import { Authenticated, CurrentUser, MaybeUser, OptionalUserGuard, type AuthUser } from '../../accounts';
import { ifMatchVersion, VersionETag } from '../../command-pipeline/versions';
import { AnswerOf, BodyOf, IdParam, QueryOf, uuidId } from '../../common/input';
import { ClientInfo, Host, Tenant, type RequestInfo } from '../../common/request-params';
import { codeChangesInputSchema, codeInputSchema, codePreviewSchema, type CodeChangesInput, type CodePreview } from './code-requests';
import {
  downloadQuerySchema,
  trackDownloadSchema,
  trackGenerationSchema,
  type DownloadQuery,
  type TrackDownloadBody,
  type TrackGenerationBody,
} from './codes.schemas';
import { codeAnswer, deletedCodeAnswer, historyEntryAnswer, type HistoryEntryAnswer } from './codes.answers';
import { generatedCodeAnswer, subdomainInfoAnswer, type SubdomainInfo } from '../generator/generator.answers';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CreateQrCodeCommand } from './create-qr-code.command';
import { IdempotencyKey, IdempotentCreate } from './idempotency';
import { DeleteQrCodeCommand } from './delete-qr-code.command';
import { DownloadsService } from '../generator/downloads.service';
import { GeneratorService } from '../generator/generator.service';
import type { CodeInput } from '../model/code-input';
import { NOT_FOUND } from '../model/qr-code';
import { TrackDownloadCommand } from '../tracking/track-download.command';
import { TrackGenerationCommand } from '../tracking/track-generation.command';
import { UpdateQrCodeCommand } from './update-qr-code.command';
import { FileOf, type FileUpload } from '../uploads/file-upload';
import { Multipart } from '../uploads/multipart.interceptor';

const CodeId = () => IdParam('id', uuidId(), NOT_FOUND);

/** Core spec section 7: generation, saved codes, downloads, history, tracking, subdomain info. */
@Controller('api')
export class CodesController {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly generator: GeneratorService,
    private readonly downloads: DownloadsService,
    private readonly commandBus: CommandBus,
  ) {}

  @Post('generate-qrcode')
  @HttpCode(200)
  @UseGuards(OptionalUserGuard)
  @AnswerOf(generatedCodeAnswer)
  generate(@MaybeUser() user: AuthUser | null, @BodyOf(codePreviewSchema) preview: CodePreview, @Tenant() tenantId: number) {
    return this.generator.generate(user, preview, tenantId);
  }

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

  @Get('qrcodes/:id/download')
  @Authenticated()
  download(
    @CurrentUser() user: AuthUser,
    @CodeId() id: string,
    @QueryOf(downloadQuerySchema) query: DownloadQuery,
    @ClientInfo() info: RequestInfo,
  ) {
    return this.downloads.download(user, id, query.format, info);
  }

  @Get('qrcodes/:id/history')
  @Authenticated()
  @AnswerOf(historyEntryAnswer.array())
  history(@CurrentUser() user: AuthUser, @CodeId() id: string): Promise<HistoryEntryAnswer[]> {
    return this.codes.history(user, id);
  }

  @Post('track-generation')
  @UseGuards(OptionalUserGuard)
  track(
    @MaybeUser() user: AuthUser | null,
    @Tenant() tenantId: number,
    @BodyOf(trackGenerationSchema) body: TrackGenerationBody,
    @ClientInfo() info: RequestInfo,
  ) {
    return this.commandBus.execute(TrackGenerationCommand.from(user, tenantId, body, info));
  }

  @Post('track-download')
  @UseGuards(OptionalUserGuard)
  trackDownload(
    @MaybeUser() user: AuthUser | null,
    @Tenant() tenantId: number,
    @BodyOf(trackDownloadSchema) body: TrackDownloadBody,
    @ClientInfo() info: RequestInfo,
  ) {
    return this.commandBus.execute(TrackDownloadCommand.from(user, tenantId, body, info));
  }

  @Get('subdomain-info')
  @AnswerOf(subdomainInfoAnswer)
  subdomainInfo(@Host() host: string): SubdomainInfo {
    return this.generator.subdomainInfo(host);
  }
}
