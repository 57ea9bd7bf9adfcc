import { Module } from '@nestjs/common';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsProjection } from './analytics.projection';
import { AnalyticsService } from './analytics.service';
import { LiveScansService } from './live-scans.service';
import { LiveScansSse } from './live-scans.sse';

/** Scan, generation and download analytics: the 'analytics' projection, its endpoints and the live scan feed. */
@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsProjection, AnalyticsService, LiveScansService, LiveScansSse],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
