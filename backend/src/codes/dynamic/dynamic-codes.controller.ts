import { Controller, Delete, Get, Headers, HttpCode, Post, Put, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConsumes } from '@nestjs/swagger';
import { Authenticated, CurrentUser, type AuthUser } from '../../accounts';
import { ifMatchVersion, VersionETag } from '../../command-pipeline/versions';
import { AnswerOf, BodyOf, IdParam, QueryOf, uuidId } from '../../common/input';
import { ChangeRoutingCommand } from './change-routing.command';
import { RoutingQuery } from '../routing/routing.query';
import {
  destinationAtAnswerSchema,
  destinationAtQuery,
  routingAnswerSchema,
  routingSchema,
  simulateAnswerSchema,
  simulateSchema,
  type RoutingAnswer,
  type RoutingBody,
  type SimulateBody,
} from '../routing/routing.schemas';
import { codeAnswer, deletedCodeAnswer } from '../editing/codes.answers';
import { RemoveCodePasswordCommand, SetCodePasswordCommand } from '../password/code-password.command';
import { codePasswordSchema, type CodePasswordBody } from '../password/code-passwords';
import { shortCodeAvailabilityAnswer, shortCodeAvailabilityQuery } from '../editing/codes.schemas';
import { codeChangesInputSchema, codeInputSchema, type CodeChangesInput } from '../editing/code-requests';
import type { CodeInput } from '../model/code-input';
import { CodesQueryService } from '../read-model/codes-query.service';
import { CreateQrCodeCommand } from '../editing/create-qr-code.command';
import { IdempotencyKey, IdempotentCreate } from '../editing/idempotency';
import { DeleteQrCodeCommand } from '../editing/delete-qr-code.command';
import { PauseDynamicCodeCommand } from './pause-dynamic-code.command';
import { NOT_FOUND } from '../model/qr-code';
import { ResumeDynamicCodeCommand } from './resume-dynamic-code.command';
import { UpdateQrCodeCommand } from '../editing/update-qr-code.command';
import { FileOf, type FileUpload } from '../uploads/file-upload';
import { Multipart } from '../uploads/multipart.interceptor';

const CodeId = () => IdParam('id', uuidId(), NOT_FOUND);

/** Dynamic codes (core spec section 7): create, lists, destination edit, pause, resume, password, routing, delete. */
@Controller('api/dynamic-qrcodes')
@Authenticated()
export class DynamicCodesController {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly commandBus: CommandBus,
    private readonly routings: RoutingQuery,
  ) {}

  @Post()
  @UseInterceptors(Multipart('logoFile'))
  @ApiConsumes('multipart/form-data', 'application/json')
  @VersionETag()
  @IdempotentCreate()
  @AnswerOf(codeAnswer, 201)
  create(
    @CurrentUser() user: AuthUser,
    @BodyOf(codeInputSchema('dynamic')) input: CodeInput,
    @FileOf('logoFile') logo: FileUpload | null,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(CreateQrCodeCommand.from(user, input, logo, key));
  }

  @Get()
  @AnswerOf(codeAnswer.array())
  list(@CurrentUser() user: AuthUser) {
    return this.codes.listDynamic(user);
  }

  @Get('paused')
  @AnswerOf(codeAnswer.array())
  paused(@CurrentUser() user: AuthUser) {
    return this.codes.listDynamic(user, true);
  }

  /** Issue 33: whether a custom back-half is free (400 when malformed or reserved); the create decides races (409). */
  @Get('short-code-availability')
  @AnswerOf(shortCodeAvailabilityAnswer)
  shortCodeAvailability(@QueryOf(shortCodeAvailabilityQuery) query: { code: string }) {
    return this.codes.shortCodeAvailability(query.code);
  }

  @Put(':id')
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
    return this.commandBus.execute(UpdateQrCodeCommand.from(user, id, input, logo, ifMatch, 'dynamic'));
  }

  @Post(':id/pause')
  @HttpCode(200)
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  pause(@CurrentUser() user: AuthUser, @CodeId() id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new PauseDynamicCodeCommand(user, id, ifMatchVersion(ifMatch)));
  }

  @Post(':id/resume')
  @HttpCode(200)
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  resume(@CurrentUser() user: AuthUser, @CodeId() id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new ResumeDynamicCodeCommand(user, id, ifMatchVersion(ifMatch)));
  }

  @Put(':id/password')
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  setPassword(
    @CurrentUser() user: AuthUser,
    @CodeId() id: string,
    @BodyOf(codePasswordSchema) body: CodePasswordBody,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.commandBus.execute(new SetCodePasswordCommand(user, id, body.password, ifMatchVersion(ifMatch)));
  }

  @Delete(':id/password')
  @VersionETag()
  @AnswerOf(codeAnswer.or(deletedCodeAnswer))
  removePassword(@CurrentUser() user: AuthUser, @CodeId() id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new RemoveCodePasswordCommand(user, id, ifMatchVersion(ifMatch)));
  }

  /** Issue 33: where each scan goes (rules, a sticky split, limits); one QrRoutingChanged per change. */
  @Get(':id/routing')
  @VersionETag()
  @AnswerOf(routingAnswerSchema)
  routing(@CurrentUser() user: AuthUser, @CodeId() id: string): Promise<RoutingAnswer> {
    return this.routings.routing(user, id);
  }

  @Put(':id/routing')
  @VersionETag()
  @AnswerOf(routingAnswerSchema)
  changeRouting(
    @CurrentUser() user: AuthUser,
    @CodeId() id: string,
    @BodyOf(routingSchema) body: RoutingBody,
    @Headers('if-match') ifMatch?: string,
  ): Promise<RoutingAnswer> {
    return this.commandBus.execute(new ChangeRoutingCommand(user, id, body, ifMatchVersion(ifMatch)));
  }

  /** What the redirect would answer this scan, by its own decision function. Records nothing. */
  @Post(':id/simulate')
  @HttpCode(200)
  @AnswerOf(simulateAnswerSchema)
  simulate(@CurrentUser() user: AuthUser, @CodeId() id: string, @BodyOf(simulateSchema) body: SimulateBody) {
    return this.routings.simulate(user, id, body);
  }

  /** Where the code pointed at a moment (its destination, routing and version then), from its events. */
  @Get(':id/destination-at')
  @AnswerOf(destinationAtAnswerSchema)
  destinationAt(@CurrentUser() user: AuthUser, @CodeId() id: string, @QueryOf(destinationAtQuery) query: { at: string }) {
    return this.routings.destinationAt(user, id, query.at);
  }

  @Delete(':id')
  @AnswerOf(deletedCodeAnswer)
  remove(@CurrentUser() user: AuthUser, @CodeId() id: string, @Headers('if-match') ifMatch?: string) {
    return this.commandBus.execute(new DeleteQrCodeCommand(user, id, 'dynamic', ifMatchVersion(ifMatch)));
  }
}
