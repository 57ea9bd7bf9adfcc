import { Module } from '@nestjs/common';
import { ScansModule } from '../scans/scans.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsProjection } from './analytics.projection';
import { AnalyticsService } from './analytics.service';
import { LiveScansService } from './live-scans.service';

/** Scan, generation and download analytics: the 'analytics' projection, its endpoints and the live scan feed. */
@Module({
  imports: [ScansModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsProjection, AnalyticsService, LiveScansService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
