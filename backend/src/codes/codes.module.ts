import { Module } from '@nestjs/common';
import { CodesController } from './codes.controller';
import { CodesProjection } from './codes.projection';
import { CodesService } from './codes.service';
import { DynamicCodesController } from './dynamic-codes.controller';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';
import { OptionalUserGuard } from './request-info';
import { TenantOrigin } from './tenant-origin';
import { TrialController } from './trial/trial.controller';
import { TrialService } from './trial/trial.service';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsProjection } from './uploads/uploads.projection';
import { UploadsService } from './uploads/uploads.service';

/** Static and dynamic codes, the trial and its cap, uploads, hosted pages, downloads and the audit trail. */
@Module({
  controllers: [CodesController, DynamicCodesController, TrialController, UploadsController, PagesController],
  providers: [CodesService, CodesProjection, UploadsService, UploadsProjection, TrialService, PagesService, TenantOrigin, OptionalUserGuard],
  exports: [CodesService],
})
export class CodesModule {}
