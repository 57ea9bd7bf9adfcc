import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountExportModule } from './account-export/account-export.module';
import { AccountsModule } from './accounts/accounts.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { CodesModule } from './codes/codes.module';
import { CommandPipelineModule } from './command-pipeline';
import { AnalyticsModule } from './analytics/analytics.module';
import { BulkModule } from './bulk/bulk.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { FastPathRegistry } from './common/fast-path';
import { ConfigModule } from './config/config.module';
import { ContactModule } from './contact/contact.module';
import { Env } from './config/env';
import { DatabaseModule } from './database/database.module';
import { EventStoreModule } from './event-store/event-store.module';
import { HealthModule } from './health/health.module';
import { MailModule } from './mail/mail.module';
import { OperationsModule } from './operations/operations.module';
import { NewsletterSignupModule } from './newsletter-signup/newsletter-signup.module';
import { PaymentProductsModule } from './payment-products/payment-products.module';
import { PaymentsModule } from './payments/payments.module';
import { ProjectionsModule } from './projections/projections.module';
import { PublicStatsModule } from './public-stats/public-stats.module';
import { RedisModule } from './redis/redis.module';
import { RenderingModule } from './rendering/rendering.module';
import { ScansModule } from './scans/scans.module';
import { TenantsModule } from './tenants/tenants.module';
import { StaffModule } from './staff/staff.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { BatchesModule } from './batches/batches.module';

@Global()
@Module({ providers: [FastPathRegistry], exports: [FastPathRegistry] })
class CommonModule {}

/** Feature modules: add one line each. */
const FEATURES = [
  TenantsModule,
  HealthModule,
  ScansModule,
  ContactModule,
  NewsletterSignupModule,
  AccountsModule,
  AnalyticsModule,
  CodesModule,
  PaymentProductsModule,
  PaymentsModule,
  BulkModule,
  PublicStatsModule,
  MailModule,
  StaffModule,
  CampaignsModule,
  OperationsModule,
  AccountExportModule,
  ApiKeysModule,
  WebhooksModule,
  BatchesModule,
];

@Module({})
export class AppModule {
  static forRoot(env: Env, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule.forRoot(databaseUrl),
        CqrsModule.forRoot(),
        CommonModule,
        EventStoreModule,
        RedisModule,
        ProjectionsModule,
        CommandPipelineModule,
        RenderingModule,
        ...FEATURES,
      ],
    };
  }
}
