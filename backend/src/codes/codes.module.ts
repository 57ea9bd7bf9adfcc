import { Global, Module } from '@nestjs/common';
import { BlockDomainHandler, UnblockDomainHandler } from './abuse/blocked-domain.command';
import { BlockedDomainsProjection } from './abuse/blocked-domains.projection';
import { BlockedDomainsQuery } from './abuse/blocked-domains.query';
import { LiftSuspensionHandler, SuspendCodeHandler } from './abuse/suspend-code.command';
import { CodesController } from './editing/codes.controller';
import { GeneratorController } from './generator/generator.controller';
import { TrackingController } from './tracking/tracking.controller';
import { RemoveCodePasswordHandler, SetCodePasswordHandler } from './password/code-password.command';
import { CodesProjection } from './read-model/codes.projection';
import { DestinationPolicies } from './destinations/destination-policies';
import { DestinationResolver } from './destinations/destination-resolver';
import { CodesQueryService } from './read-model/codes-query.service';
import { DashboardCodesController } from './read-model/dashboard-codes.controller';
import { CreateQrCodeHandler } from './editing/create-qr-code.command';
import { DeleteQrCodeHandler } from './editing/delete-qr-code.command';
import { DownloadsService } from './generator/downloads.service';
import { CodeArtwork } from './generator/code-artwork';
import { DynamicCodesController } from './dynamic/dynamic-codes.controller';
import { GeneratorService } from './generator/generator.service';
import { PagesController } from './pages/pages.controller';
import { PagesService } from './pages/pages.service';
import { PauseDynamicCodeHandler } from './dynamic/pause-dynamic-code.command';
import { ChangeRoutingHandler } from './dynamic/change-routing.command';
import { RoutingQuery } from './routing/routing.query';
import { ResumeDynamicCodeHandler } from './dynamic/resume-dynamic-code.command';
import { TrackDownloadHandler } from './tracking/track-download.command';
import { TrackGenerationHandler } from './tracking/track-generation.command';
import { ActivateTrialHandler } from './trial/activate-trial.command';
import { TrialController } from './trial/trial.controller';
import { TrialService } from './trial/trial.service';
import { UpdateQrCodeHandler } from './editing/update-qr-code.command';
import { UploadFileHandler } from './uploads/upload-file.command';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsProjection } from './uploads/uploads.projection';
import { UploadsService } from './uploads/uploads.service';
import { BulkActionHandler } from './bulk-actions/bulk-action.command';
import { BulkActionsController } from './bulk-actions/bulk-actions.controller';
import { EachCode } from './bulk-actions/each-code';
import { ChangeTagAcrossCodesHandler, SetCodeTagsHandler } from './tags/tag-commands';
import { TagsController } from './tags/tags.controller';

/**
 * Static and dynamic codes, the trial and its cap, uploads, hosted pages, downloads and the audit trail. Global (like
 * accounts and tenants) so features that read codes (payment-products) get CodesQueryService from the front door alone.
 */
@Global()
@Module({
  controllers: [
    CodesController,
    GeneratorController,
    TrackingController,
    DynamicCodesController,
    DashboardCodesController,
    TagsController,
    BulkActionsController,
    TrialController,
    UploadsController,
    PagesController,
  ],
  providers: [
    CodesQueryService,
    DestinationPolicies,
    DestinationResolver,
    CodesProjection,
    GeneratorService,
    DownloadsService,
    CodeArtwork,
    UploadsService,
    UploadsProjection,
    TrialService,
    PagesService,
    CreateQrCodeHandler,
    UpdateQrCodeHandler,
    PauseDynamicCodeHandler,
    ChangeRoutingHandler,
    RoutingQuery,
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
    EachCode,
    SetCodeTagsHandler,
    ChangeTagAcrossCodesHandler,
    BulkActionHandler,
    BlockedDomainsProjection,
    BlockedDomainsQuery,
  ],
  exports: [CodesQueryService, BlockedDomainsQuery, CodeArtwork],
})
export class CodesModule {}
