import { Module } from '@nestjs/common';
import { AuditProjection } from './audit.projection';
import { AdminClientsController } from './clients.controller';
import { StaffController } from './staff.controller';
import { StaffQueryService } from './staff-query.service';
import { StaffService } from './staff.service';

/** The staff console's API and the audit log (its projection also keeps the console's user and code lists). */
@Module({
  controllers: [StaffController, AdminClientsController],
  providers: [AuditProjection, StaffQueryService, StaffService],
})
export class StaffModule {}
