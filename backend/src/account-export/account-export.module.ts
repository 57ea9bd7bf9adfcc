import { Module } from '@nestjs/common';
import { AnalyticsService, ShareLinksService } from '../analytics';
import { ApiKeysService } from '../api-keys';
import { NotificationPreferencesQuery } from '../campaigns';
import { MailLedgerQuery } from '../mail';
import { PaymentsQueryService } from '../payments';
import { WebhooksQuery } from '../webhooks';
import { AccountExportController } from './account-export.controller';
import { AccountExporter } from './account-exporter';
import { ExportRateLimit } from './export-rate-limit';

/**
 * A person's data export (issue 32 item 3). It asks each feature's query port for its part; the ports that need only
 * the DataSource (and the global codes and accounts services) are provided here, as the staff console does.
 */
@Module({
  controllers: [AccountExportController],
  providers: [
    AccountExporter,
    ExportRateLimit,
    AnalyticsService,
    ShareLinksService,
    NotificationPreferencesQuery,
    MailLedgerQuery,
    PaymentsQueryService,
    ApiKeysService,
    WebhooksQuery,
  ],
})
export class AccountExportModule {}
