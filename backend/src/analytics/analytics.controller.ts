import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthUser, Authenticated, CurrentUser } from '../accounts/auth';
import { AnalyticsService, CodeAnalyticsQuery } from './analytics.service';
import { LiveScansService } from './live-scans.service';

@Controller('api')
@Authenticated()
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly live: LiveScansService,
  ) {}

  @Get('user-analytics')
  userAnalytics(@CurrentUser() user: AuthUser) {
    return this.analytics.userAnalytics(user);
  }

  @Get('dynamic-qrcodes/:id/analytics')
  codeAnalytics(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() query: CodeAnalyticsQuery) {
    return this.analytics.codeAnalytics(user, id, query);
  }

  @Get('dynamic-qrcodes/:id/analytics.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="qr-analytics.csv"')
  codeAnalyticsCsv(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() query: CodeAnalyticsQuery) {
    return this.analytics.codeAnalyticsCsv(user, id, query);
  }

  /** Server-sent events: one `scan` event per JSON batch of new scans of the code, a comment every 25 s. */
  @Get('dynamic-qrcodes/:id/scans/live')
  async liveScans(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const code = await this.analytics.ownedCode(user, id);
    // Subscribed before the first byte: a client that sees the stream open misses no scan after that.
    const stop = await this.live.listen(code.qrId, (payload) => res.write(`event: scan\ndata: ${payload}\n\n`));
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
    req.on('close', () => {
      clearInterval(heartbeat);
      stop();
    });
  }
}
