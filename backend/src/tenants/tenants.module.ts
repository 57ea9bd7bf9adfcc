import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ClientsProjection } from './clients.projection';
import { TenantMiddleware } from './tenant.middleware';
import { TenantsService } from './tenants.service';
import { WhiteLabelController } from './white-label.controller';

@Global()
@Module({
  controllers: [WhiteLabelController],
  providers: [TenantsService, ClientsProjection, TenantMiddleware],
  exports: [TenantsService],
})
export class TenantsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantMiddleware).forRoutes('*');
  }
}
