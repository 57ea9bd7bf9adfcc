import { Global, Module } from '@nestjs/common';
import { BlockDomainHandler, UnblockDomainHandler } from './abuse/blocked-domain.command';
import { BlockedDomainsProjection } from './abuse/blocked-domains.projection';
import { BlockedDomainsQuery } from './abuse/blocked-domains.query';
import { LiftSuspensionHandler, SuspendCodeHandler } from './abuse/suspend-code.command';
import { CodesController } from './codes.controller';
import { RemoveCodePasswordHandler, SetCodePasswordHandler } from './code-password.command';
import { CodesProjection } from './codes.projection';
import { DestinationPolicies } from './destination-policies';
import { DestinationResolver } from './destination-resolver';
import { CodesQueryService } from './codes-query.service';
import { DashboardCodesController } from './dashboard-codes.controller';
import { CreateQrCodeHandler } from './create-qr-code.command';
import { DeleteQrCodeHandler } from './delete-qr-code.command';
import { DownloadsService } from './downloads.service';
import { DynamicCodesController } from './dynamic-codes.controller';
import { GeneratorService } from './generator.service';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';
import { PauseDynamicCodeHandler } from './pause-dynamic-code.command';
import { ResumeDynamicCodeHandler } from './resume-dynamic-code.command';
import { TrackDownloadHandler } from './track-download.command';
import { TrackGenerationHandler } from './track-generation.command';
import { ActivateTrialHandler } from './trial/activate-trial.command';
import { TrialController } from './trial/trial.controller';
import { TrialService } from './trial/trial.service';
import { UpdateQrCodeHandler } from './update-qr-code.command';
import { UploadFileHandler } from './uploads/upload-file.command';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsProjection } from './uploads/uploads.projection';
import { UploadsService } from './uploads/uploads.service';

/**
 * Static and dynamic codes, the trial and its cap, uploads, hosted pages, downloads and the audit trail. Global (like
 * accounts and tenants) so features that read codes (payment-products) get CodesQueryService from the front door alone.
 */
@Global()
@Module({
  controllers: [CodesController, DynamicCodesController, DashboardCodesController, TrialController, UploadsController, PagesController],
  providers: [
    CodesQueryService,
    DestinationPolicies,
    DestinationResolver,
    CodesProjection,
    GeneratorService,
    DownloadsService,
    UploadsService,
    UploadsProjection,
    TrialService,
    PagesService,
    CreateQrCodeHandler,
    UpdateQrCodeHandler,
    PauseDynamicCodeHandler,
    ResumeDynamicCodeHandler,
    DeleteQrCodeHandler,
    SetCodePasswordHandler,
    RemoveCodePasswordHandler,
    TrackGenerationHandler,
    TrackDownloadHandler,
    ActivateTrialHandler,
    UploadFileHandler,
    SuspendCodeHandler,
    LiftSuspensionHandler,
    BlockDomainHandler,
    UnblockDomainHandler,
    BlockedDomainsProjection,
    BlockedDomainsQuery,
  ],
  exports: [CodesQueryService, BlockedDomainsQuery],
})
export class CodesModule {}
