import { Controller, Get, Header } from '@nestjs/common';
import { AnswerOf } from '../common/input';
import { Tenant } from '../common/request-params';
import { publicStatsAnswer, type PublicStats } from './public-stats.answers';
import { PublicStatsService } from './public-stats.service';

/** The landing page's live figures; public, no personal data, cached for a minute. */
@Controller('api')
export class PublicStatsController {
  constructor(private readonly publicStats: PublicStatsService) {}

  @Get('public-stats') @Header('Cache-Control', 'public, max-age=60') @AnswerOf(publicStatsAnswer) stats(
    @Tenant() tenantId: number,
  ): Promise<PublicStats> {
    return this.publicStats.stats(tenantId);
  }
}
