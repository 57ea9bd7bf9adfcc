import { Controller, Delete, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, CsvAnswerOf, IdParam, NoContentAnswer, openApiSchema, QueryOf, uuidId } from '../common/input';
import {
  codeAnalyticsSchema,
  liveScanBatchSchema,
  sharedAnalyticsSchema,
  shareLinkSchema,
  userAnalyticsSchema,
  type SharedAnalytics,
} from './analytics.answers';
import { codeAnalyticsQuerySchema, createShareLinkSchema, type CodeAnalyticsQuery, type CreateShareLink } from './analytics.schemas';
import { AnalyticsService, CODE_NOT_FOUND } from './analytics.service';
import { LiveScansSse } from './live-scans.sse';
import { CreateShareLinkCommand, DEFAULT_SHARE_DAYS, RevokeShareLinkCommand } from './share-link.commands';
import { SHARE_NOT_FOUND } from './share-links';
import { ShareLinksService } from './share-links.service';

@Controller('api')
@Authenticated()
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly live: LiveScansSse,
    private readonly links: ShareLinksService,
    private readonly commands: CommandBus,
  ) {}

  @Get('user-analytics') @AnswerOf(userAnalyticsSchema) userAnalytics(@CurrentUser() user: AuthUser) {
    return this.analytics.userAnalytics(user);
  }

  @Get('dynamic-qrcodes/:id/analytics') @AnswerOf(codeAnalyticsSchema) codeAnalytics(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @QueryOf(codeAnalyticsQuerySchema) query: CodeAnalyticsQuery,
  ) {
    return this.analytics.codeAnalytics(user, id, query);
  }

  @Get('dynamic-qrcodes/:id/analytics.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="qr-analytics.csv"')
  @CsvAnswerOf("The code's analytics as CSV (attachment qr-analytics.csv), for the same period")
  codeAnalyticsCsv(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @QueryOf(codeAnalyticsQuerySchema) query: CodeAnalyticsQuery,
  ): Promise<string> {
    return this.analytics.codeAnalyticsCsv(user, id, query);
  }

  /** Server-sent events: the response is written by LiveScansSse, not returned. */
  @Get('dynamic-qrcodes/:id/scans/live')
  @ApiResponse({
    status: 200,
    description: "Server-sent events: each `scan` event's data is a JSON batch of the code's new scans",
    content: { 'text/event-stream': { schema: openApiSchema(liveScanBatchSchema, 'output') } },
  })
  liveScans(@CurrentUser() user: AuthUser, @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string, @Req() req: Request, @Res() res: Response) {
    return this.live.open(user, id, req, res);
  }

  @Get('dynamic-qrcodes/:id/share-links') @AnswerOf(shareLinkSchema.array()) async shareLinks(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
  ) {
    const code = await this.analytics.ownedCode(user, id);
    return this.links.list(user, code.qrId);
  }

  @Post('dynamic-qrcodes/:id/share-links') @AnswerOf(shareLinkSchema, 201) createShareLink(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @BodyOf(createShareLinkSchema) body: CreateShareLink,
  ) {
    return this.commands.execute(new CreateShareLinkCommand(user, id, body.expiresInDays ?? DEFAULT_SHARE_DAYS));
  }

  @Delete('dynamic-qrcodes/:id/share-links/:shareId')
  @HttpCode(204)
  @NoContentAnswer('Revoked: the link answers 404 from now on')
  revokeShareLink(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @IdParam('shareId', uuidId(), SHARE_NOT_FOUND) shareId: string,
  ): Promise<void> {
    return this.commands.execute(new RevokeShareLinkCommand(user, id, shareId));
  }
}

/** The public side of a share link: one code's analytics, read-only, for whoever holds an unexpired, unrevoked token. */
@Controller('api/shared-analytics')
export class SharedAnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly links: ShareLinksService,
  ) {}

  @Get(':token') @AnswerOf(sharedAnalyticsSchema) async shared(
    @Req() req: Request,
    @QueryOf(codeAnalyticsQuerySchema) query: CodeAnalyticsQuery,
  ): Promise<SharedAnalytics> {
    const token = String(req.params.token ?? '').slice(0, 400);
    const link = await this.links.resolve(token);
    const analytics = await this.analytics.ownerAnalytics(link.owner, link.qrId, query);
    return { ...analytics, expiresAt: link.expiresAt };
  }
}
