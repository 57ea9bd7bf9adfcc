import { Module } from '@nestjs/common';
import { PublicTotalsService } from '../analytics';
import { PublicStatsController } from './public-stats.controller';
import { PublicStatsService } from './public-stats.service';

/**
 * GET /api/public-stats: the public site's figures, cached for a minute. The totals are read through analytics'
 * PublicTotalsService (its front door); it needs only the DataSource, so this module provides it itself.
 */
@Module({
  controllers: [PublicStatsController],
  providers: [PublicTotalsService, PublicStatsService],
})
export class PublicStatsModule {}
