import { Module } from '@nestjs/common';
import { CampaignsController } from './campaigns.controller';
import { CampaignsProjection } from './campaigns.projection';
import { CampaignsService } from './campaigns.service';
import { NotificationPreferencesQuery } from './notification-preferences.query';
import { SetNotificationPreferencesHandler } from './set-notification-preferences.command';
import { StartCampaignHandler } from './start-campaign.command';

/**
 * The admin panel's newsletter tools, the console's campaign pages, the owners' opt-outs and the campaigns read model.
 * The mail feature expands each CampaignStarted into mails; their progress is its ledger's, asked through this feature's
 * CampaignProgressQuery port (mail provides it: campaigns does not import mail).
 */
@Module({
  controllers: [CampaignsController],
  providers: [CampaignsProjection, CampaignsService, NotificationPreferencesQuery, StartCampaignHandler, SetNotificationPreferencesHandler],
})
export class CampaignsModule {}
