import { Module } from '@nestjs/common';
import { AnalyticsController, SharedAnalyticsController } from './analytics.controller';
import { AnalyticsProjection } from './analytics.projection';
import { AnalyticsService } from './analytics.service';
import { LiveScansService } from './live-scans.service';
import { LiveScansSse } from './live-scans.sse';
import { CreateShareLinkHandler, RevokeShareLinkHandler } from './share-link.commands';
import { ShareLinksService } from './share-links.service';

/** Scan, generation and download analytics: the 'analytics' projection, its endpoints, the live scan feed and share links. */
@Module({
  controllers: [AnalyticsController, SharedAnalyticsController],
  providers: [
    AnalyticsProjection,
    AnalyticsService,
    LiveScansService,
    LiveScansSse,
    ShareLinksService,
    CreateShareLinkHandler,
    RevokeShareLinkHandler,
  ],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
