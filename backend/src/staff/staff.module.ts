import { Module } from '@nestjs/common';
import { AnalyticsService } from '../analytics';
import { MailLedgerQuery } from '../mail';
import { AdminOverviewService } from './admin-overview.service';
import { AuditProjection } from './audit.projection';
import { ErasePersonalDataHandler } from './erase-personal-data.command';
import { AdminClientsController } from './clients.controller';
import { StaffController } from './staff.controller';
import { StaffQueryService } from './staff-query.service';
import { StaffService } from './staff.service';
import { WhiteLabelClientsController } from './white-label-clients.controller';

/**
 * The staff console's API, the website spec's white-label client management (same rules) and the audit log (its
 * projection also keeps the console's user and code lists), and the console's home figures (it provides analytics' and
 * mail's query ports itself: they need only the DataSource).
 */
@Module({
  controllers: [StaffController, AdminClientsController, WhiteLabelClientsController],
  providers: [
    AdminOverviewService,
    AnalyticsService,
    MailLedgerQuery,
    AuditProjection,
    ErasePersonalDataHandler,
    StaffQueryService,
    StaffService,
  ],
})
export class StaffModule {}
