import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Authenticated, CurrentUser, STAFF_ACTIONS, tenantScope, type AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { AnswerOf, BodyOf, IdParam, QueryOf, uuidId } from '../common/input';
import { listPage } from '../common/list-query';
import {
  deadLetterAnswer,
  deadLetterDetailAnswer,
  projectionAnswer,
  rebuildAnswer,
  scanPipelineAnswer,
  type DeadLetterAnswer,
  type DeadLetterDetailAnswer,
  type ProjectionAnswer,
  type RebuildAnswer,
  type ScanPipelineAnswer,
} from './operations.answers';
import {
  deadLetterId,
  deadLettersQuery,
  projectionName,
  rebuildBody,
  rebuildsQuery,
  type DeadLettersQuery,
  type RebuildsQuery,
} from './operations.schemas';
import { DeadLettersService } from './dead-letters.service';
import { DEAD_LETTER_NOT_FOUND, PROJECTION_NOT_FOUND, REBUILD_NOT_FOUND } from './operations.answers';
import { ProjectionStatusService } from './projection-status.service';
import { RebuildsService } from './rebuilds.service';

export const OPERATIONS_FOR_DEFAULT_BRAND = "Operations are for the default brand's admins.";

/** Deployment-wide: a white-label client's admin runs their tenant, not the deployment's projections and queues. */
function defaultBrand(user: AuthUser): void {
  if (tenantScope(user) !== null) throw DomainError.forbidden(OPERATIONS_FOR_DEFAULT_BRAND);
}

/**
 * Operations in the staff console (issue 19): projections, rebuild requests (the worker role carries them out), dead
 * letters with Retry and Skip, the scan pipeline. Admins of the default brand only (`operate` in staff-roles.ts);
 * support and plain users get 403. Each route delegates to the service of its job: status, rebuilds, dead letters.
 */
@Controller('api/admin')
@Authenticated(STAFF_ACTIONS.operate)
export class OperationsController {
  constructor(
    private readonly status: ProjectionStatusService,
    private readonly rebuildRequests: RebuildsService,
    private readonly deadLetterQueue: DeadLettersService,
  ) {}

  @Get('projections') @AnswerOf(projectionAnswer.array()) async projections(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProjectionAnswer[]> {
    defaultBrand(user);
    const rows = await this.status.listProjections();
    const range = { start: 0, end: Math.max(rows.length - 1, 0), offset: 0, limit: rows.length };
    return listPage(res, 'projections', range, rows, rows.length);
  }

  @Get('projections/:name') @AnswerOf(projectionAnswer) projection(
    @CurrentUser() user: AuthUser,
    @IdParam('name', projectionName, PROJECTION_NOT_FOUND) name: string,
  ): Promise<ProjectionAnswer> {
    defaultBrand(user);
    return this.status.projection(name);
  }

  @Get('projection-rebuilds') @AnswerOf(rebuildAnswer.array()) async rebuilds(
    @CurrentUser() user: AuthUser,
    @QueryOf(rebuildsQuery) q: RebuildsQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RebuildAnswer[]> {
    defaultBrand(user);
    const { rows, total } = await this.rebuildRequests.rebuilds(q);
    return listPage(res, 'projection-rebuilds', q.range, rows, total);
  }

  @Get('projection-rebuilds/:id') @AnswerOf(rebuildAnswer) rebuild(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), REBUILD_NOT_FOUND) id: string,
  ): Promise<RebuildAnswer> {
    defaultBrand(user);
    return this.rebuildRequests.rebuild(id);
  }

  /** Records the request and answers at once (201 with the request); a worker runs it. */
  @Post('projection-rebuilds') @AnswerOf(rebuildAnswer, 201) requestRebuild(
    @CurrentUser() user: AuthUser,
    @BodyOf(rebuildBody) body: { projection: string },
  ): Promise<RebuildAnswer> {
    defaultBrand(user);
    return this.rebuildRequests.requestRebuild(user, body.projection);
  }

  @Get('dead-letters') @AnswerOf(deadLetterAnswer.array()) async deadLetters(
    @CurrentUser() user: AuthUser,
    @QueryOf(deadLettersQuery) q: DeadLettersQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DeadLetterAnswer[]> {
    defaultBrand(user);
    const { rows, total } = await this.deadLetterQueue.deadLetters(q);
    return listPage(res, 'dead-letters', q.range, rows, total);
  }

  @Get('dead-letters/:id') @AnswerOf(deadLetterDetailAnswer) deadLetter(
    @CurrentUser() user: AuthUser,
    @IdParam('id', deadLetterId, DEAD_LETTER_NOT_FOUND) id: number,
  ): Promise<DeadLetterDetailAnswer> {
    defaultBrand(user);
    return this.deadLetterQueue.deadLetter(id);
  }

  @Post('dead-letters/:id/retry') @AnswerOf(deadLetterDetailAnswer, 201) retry(
    @CurrentUser() user: AuthUser,
    @IdParam('id', deadLetterId, DEAD_LETTER_NOT_FOUND) id: number,
  ): Promise<DeadLetterDetailAnswer> {
    defaultBrand(user);
    return this.deadLetterQueue.retry(user, id);
  }

  @Post('dead-letters/:id/skip') @AnswerOf(deadLetterDetailAnswer, 201) skip(
    @CurrentUser() user: AuthUser,
    @IdParam('id', deadLetterId, DEAD_LETTER_NOT_FOUND) id: number,
  ): Promise<DeadLetterDetailAnswer> {
    defaultBrand(user);
    return this.deadLetterQueue.skip(user, id);
  }

  @Get('scan-pipeline') @AnswerOf(scanPipelineAnswer) scanPipeline(@CurrentUser() user: AuthUser): Promise<ScanPipelineAnswer> {
    defaultBrand(user);
    return this.status.scanPipeline();
  }
}
