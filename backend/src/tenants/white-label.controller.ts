import { Controller, Get } from '@nestjs/common';
import { requestContext } from '../common/request-context';
import { TenantsService, WhiteLabelConfig } from './tenants.service';

@Controller('api/white-label')
export class WhiteLabelController {
  constructor(private readonly tenants: TenantsService) {}

  /** Public: the brand of the host the page was loaded from. */
  @Get('config')
  config(): Promise<WhiteLabelConfig> {
    return this.tenants.config(requestContext.currentOrSystem().tenantId);
  }
}
