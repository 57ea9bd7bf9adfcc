import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ClientsProjection } from './clients.projection';
import { ClientsService } from './clients.service';
import { CreateClientHandler } from './create-client.command';
import { DeleteClientHandler } from './delete-client.command';
import { EnsureDefaultClientHandler } from './ensure-default-client.command';
import { TenantMiddleware } from './tenant.middleware';
import { TenantsService } from './tenants.service';
import { RotateClientKeyHandler } from './rotate-client-key.command';
import { UpdateClientHandler } from './update-client.command';
import { WhiteLabelController } from './white-label.controller';

@Global()
@Module({
  controllers: [WhiteLabelController],
  providers: [
    TenantsService,
    ClientsService,
    ClientsProjection,
    TenantMiddleware,
    EnsureDefaultClientHandler,
    CreateClientHandler,
    UpdateClientHandler,
    DeleteClientHandler,
    RotateClientKeyHandler,
  ],
  exports: [TenantsService, ClientsService],
})
export class TenantsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantMiddleware).forRoutes('*');
  }
}
