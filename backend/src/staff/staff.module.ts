import { Module } from '@nestjs/common';
import { AuditProjection } from './audit.projection';
import { AdminClientsController } from './clients.controller';
import { StaffController } from './staff.controller';
import { StaffQueryService } from './staff-query.service';
import { StaffService } from './staff.service';
import { WhiteLabelClientsController } from './white-label-clients.controller';

/**
 * The staff console's API, the website spec's white-label client management (same rules) and the audit log (its
 * projection also keeps the console's user and code lists).
 */
@Module({
  controllers: [StaffController, AdminClientsController, WhiteLabelClientsController],
  providers: [AuditProjection, StaffQueryService, StaffService],
})
export class StaffModule {}
