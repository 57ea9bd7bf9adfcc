import { Controller, Get } from '@nestjs/common';
import { AnswerOf } from '../common/input';
import { requestContext } from '../common/request-context';
import { whiteLabelConfigAnswer, type WhiteLabelConfig } from './tenants.answers';
import { TenantsService } from './tenants.service';

@Controller('api/white-label')
export class WhiteLabelController {
  constructor(private readonly tenants: TenantsService) {}

  /** Public: the brand of the host the page was loaded from. */
  @Get('config')
  @AnswerOf(whiteLabelConfigAnswer)
  config(): Promise<WhiteLabelConfig> {
    return this.tenants.config(requestContext.currentOrSystem().tenantId);
  }
}
