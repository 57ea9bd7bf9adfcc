import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { IdParam, QueryOf, uuidId } from '../common/input';
import { codeAnalyticsQuerySchema, type CodeAnalyticsQuery } from './analytics.schemas';
import { AnalyticsService, CODE_NOT_FOUND } from './analytics.service';
import { LiveScansSse } from './live-scans.sse';

@Controller('api')
@Authenticated()
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly live: LiveScansSse,
  ) {}

  @Get('user-analytics') userAnalytics(@CurrentUser() user: AuthUser) {
    return this.analytics.userAnalytics(user);
  }

  @Get('dynamic-qrcodes/:id/analytics') codeAnalytics(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @QueryOf(codeAnalyticsQuerySchema) query: CodeAnalyticsQuery,
  ) {
    return this.analytics.codeAnalytics(user, id, query);
  }

  @Get('dynamic-qrcodes/:id/analytics.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="qr-analytics.csv"')
  codeAnalyticsCsv(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @QueryOf(codeAnalyticsQuerySchema) query: CodeAnalyticsQuery,
  ) {
    return this.analytics.codeAnalyticsCsv(user, id, query);
  }

  /** Server-sent events: the response is written by LiveScansSse, not returned. */
  @Get('dynamic-qrcodes/:id/scans/live') liveScans(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CODE_NOT_FOUND) id: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    return this.live.open(user, id, req, res);
  }
}
