import { Module } from '@nestjs/common';
import { CodesController } from './codes.controller';
import { CodesProjection } from './codes.projection';
import { CodesService } from './codes.service';
import { CreateQrCodeHandler } from './create-qr-code.command';
import { DeleteQrCodeHandler } from './delete-qr-code.command';
import { DynamicCodesController } from './dynamic-codes.controller';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';
import { PauseDynamicCodeHandler } from './pause-dynamic-code.command';
import { ResumeDynamicCodeHandler } from './resume-dynamic-code.command';
import { TenantOrigin } from './tenant-origin';
import { TrackGenerationHandler } from './track-generation.command';
import { ActivateTrialHandler } from './trial/activate-trial.command';
import { TrialController } from './trial/trial.controller';
import { TrialService } from './trial/trial.service';
import { UpdateQrCodeHandler } from './update-qr-code.command';
import { UploadFileHandler } from './uploads/upload-file.command';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsProjection } from './uploads/uploads.projection';
import { UploadsService } from './uploads/uploads.service';

/** Static and dynamic codes, the trial and its cap, uploads, hosted pages, downloads and the audit trail. */
@Module({
  controllers: [CodesController, DynamicCodesController, TrialController, UploadsController, PagesController],
  providers: [
    CodesService,
    CodesProjection,
    UploadsService,
    UploadsProjection,
    TrialService,
    PagesService,
    TenantOrigin,
    CreateQrCodeHandler,
    UpdateQrCodeHandler,
    PauseDynamicCodeHandler,
    ResumeDynamicCodeHandler,
    DeleteQrCodeHandler,
    TrackGenerationHandler,
    ActivateTrialHandler,
    UploadFileHandler,
  ],
  exports: [CodesService],
})
export class CodesModule {}
