import { Controller, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MaybeUser, OptionalUserGuard, type AuthUser } from '../../accounts';
import { AnswerOf, BodyOf } from '../../common/input';
import { trackedAnswer, type TrackedAnswer } from '../editing/codes.answers';
import { ClientInfo, Tenant, type RequestInfo } from '../../common/request-params';
import { trackDownloadSchema, trackGenerationSchema, type TrackDownloadBody, type TrackGenerationBody } from '../editing/codes.schemas';
import { TrackDownloadCommand } from './track-download.command';
import { TrackGenerationCommand } from './track-generation.command';

/** Core spec section 7: what the generator reports (anonymous callers too): each generation and each file downloaded. */
@Controller('api')
export class TrackingController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('track-generation')
  @UseGuards(OptionalUserGuard)
  @AnswerOf(trackedAnswer, 201)
  track(
    @MaybeUser() user: AuthUser | null,
    @Tenant() tenantId: number,
    @BodyOf(trackGenerationSchema) body: TrackGenerationBody,
    @ClientInfo() info: RequestInfo,
  ): Promise<TrackedAnswer> {
    return this.commandBus.execute(TrackGenerationCommand.from(user, tenantId, body, info));
  }

  @Post('track-download')
  @UseGuards(OptionalUserGuard)
  @AnswerOf(trackedAnswer, 201)
  trackDownload(
    @MaybeUser() user: AuthUser | null,
    @Tenant() tenantId: number,
    @BodyOf(trackDownloadSchema) body: TrackDownloadBody,
    @ClientInfo() info: RequestInfo,
  ): Promise<TrackedAnswer> {
    return this.commandBus.execute(TrackDownloadCommand.from(user, tenantId, body, info));
  }
}
