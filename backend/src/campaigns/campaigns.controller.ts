import { Controller, Get, HttpCode, Post, Put, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, tenantScope, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf, HeaderOf, IdParam, idempotencyKeyHeader, QueryOf, uuidId } from '../common/input';
import { listPage } from '../common/list-query';
import { CAMPAIGN_NOT_FOUND, CampaignsService } from './campaigns.service';
import {
  campaignsQuery,
  notificationPreferencesSchema,
  sendNewsletterSchema,
  type CampaignsQuery,
  type NotificationPreferences,
  type SendNewsletter,
} from './campaigns.schemas';
import {
  campaignAnswer,
  newsletterSentAnswer,
  notificationPreferencesAnswer,
  notificationsSentAnswer,
  platformStatsAnswer,
  recipientsAnswer,
  welcomeSentAnswer,
  type CampaignRowAnswer,
  type NewsletterSentAnswer,
  type NotificationPreferencesAnswer,
  type NotificationsSentAnswer,
  type PlatformStatsAnswer,
  type RecipientsAnswer,
  type WelcomeSentAnswer,
} from './campaigns.answers';
import { SetNotificationPreferencesCommand } from './set-notification-preferences.command';
import { StartCampaignCommand, type CampaignAnswer } from './start-campaign.command';

/** The newsletter tools are the admins' (core spec's admin panel; DESIGN.md: admin, newsletters): staff/staff-roles.ts. */
const SEND = CAN.sendCampaigns;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
/** A retry with the same key answers the first campaign; without one, the same request within a minute does. */
const IdempotencyKey = () =>
  HeaderOf('Idempotency-Key', idempotencyKeyHeader, {
    field: 'idempotencyKey',
    description: 'A retry with the same key answers the first campaign (without one: the same request within a minute does).',
  });

/**
 * The admin panel's newsletter tools (core spec section 7), admin only, and the console's campaign pages. Every send
 * starts one campaign; a double click or a retry answers the first campaign's id (`started: false`).
 */
@Controller('api')
export class CampaignsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly campaigns: CampaignsService,
  ) {}

  @Get('newsletter/stats') @Authenticated(SEND) @AnswerOf(platformStatsAnswer) stats(
    @CurrentUser() user: AuthUser,
  ): Promise<PlatformStatsAnswer> {
    return this.campaigns.stats(user.tenantId);
  }

  /** What the manager's confirmation says before a newsletter leaves: how many confirmed subscribers it would reach now. */
  @Get('newsletter/recipients') @Authenticated(SEND) @AnswerOf(recipientsAnswer) async recipients(
    @CurrentUser() user: AuthUser,
  ): Promise<RecipientsAnswer> {
    const { recipientCount } = await this.campaigns.audienceCount('newsletter', user.tenantId, user.id);
    return { recipientCount };
  }

  @Post('send-newsletter') @HttpCode(200) @Authenticated(SEND) @AnswerOf(newsletterSentAnswer) async sendNewsletter(
    @CurrentUser() user: AuthUser,
    @BodyOf(sendNewsletterSchema) body: SendNewsletter,
    @IdempotencyKey() key: string | null,
  ): Promise<NewsletterSentAnswer> {
    const { test, ...request } = body;
    const answer = await this.commandBus.execute(new StartCampaignCommand(user, test ? 'newsletter-test' : 'newsletter', request, key));
    const message = test
      ? `Test newsletter sent to ${user.email || user.username}.`
      : `Newsletter sent to ${plural(answer.recipientCount, 'confirmed subscriber', 'confirmed subscribers')}.`;
    return { message, ...answer };
  }

  /** successCount: the welcome mails queued (one per active user), not yet sent: the campaign's page shows them go out. */
  @Post('send-welcome-to-all') @HttpCode(200) @Authenticated(SEND) @AnswerOf(welcomeSentAnswer) async sendWelcome(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string | null,
  ): Promise<WelcomeSentAnswer> {
    const answer = await this.commandBus.execute(new StartCampaignCommand(user, 'welcome', {}, key));
    return { successCount: answer.recipientCount, totalUsers: answer.audienceCount, ...answer };
  }

  @Post('send-scan-notifications') @HttpCode(200) @Authenticated(SEND) @AnswerOf(notificationsSentAnswer) async sendScans(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string | null,
  ): Promise<NotificationsSentAnswer> {
    const answer = await this.commandBus.execute(new StartCampaignCommand(user, 'scan-report', {}, key));
    return { message: `Scan notifications queued for ${counts(answer)}.`, ...counted(answer) };
  }

  @Post('send-pause-notifications') @HttpCode(200) @Authenticated(SEND) @AnswerOf(notificationsSentAnswer) async sendPaused(
    @CurrentUser() user: AuthUser,
    @IdempotencyKey() key: string | null,
  ): Promise<NotificationsSentAnswer> {
    const answer = await this.commandBus.execute(new StartCampaignCommand(user, 'pause-report', {}, key));
    return { message: `Pause notifications queued for ${counts(answer)}.`, ...counted(answer) };
  }

  // ---------------------------------------------------------------- the console (ra-data-simple-rest)

  @Get('admin/campaigns') @Authenticated(SEND) @AnswerOf(campaignAnswer.array()) async list(
    @CurrentUser() user: AuthUser,
    @QueryOf(campaignsQuery) q: CampaignsQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CampaignRowAnswer[]> {
    const { rows, total } = await this.campaigns.list(q, tenantScope(user));
    return listPage(res, 'campaigns', q.range, rows, total);
  }

  @Get('admin/campaigns/:id') @Authenticated(SEND) @AnswerOf(campaignAnswer) one(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), CAMPAIGN_NOT_FOUND) id: string,
  ): Promise<CampaignRowAnswer> {
    return this.campaigns.one(id, tenantScope(user));
  }

  // ---------------------------------------------------------------- owners' opt-outs (account settings)

  @Get('account/notification-preferences') @Authenticated() @AnswerOf(notificationPreferencesAnswer) preferences(
    @CurrentUser() user: AuthUser,
  ): Promise<NotificationPreferencesAnswer> {
    return this.campaigns.preferences(user);
  }

  @Put('account/notification-preferences') @Authenticated() @AnswerOf(notificationPreferencesAnswer) setPreferences(
    @CurrentUser() user: AuthUser,
    @BodyOf(notificationPreferencesSchema) body: NotificationPreferences,
  ): Promise<NotificationPreferencesAnswer> {
    return this.commandBus.execute(new SetNotificationPreferencesCommand(user, body));
  }
}

const counts = (answer: CampaignAnswer) => {
  const optedOut = answer.audienceCount - answer.recipientCount;
  return `${plural(answer.recipientCount, 'owner', 'owners')}${optedOut ? ` (${optedOut} opted out)` : ''}`;
};

const counted = (answer: CampaignAnswer) => ({
  successCount: answer.recipientCount,
  totalUsers: answer.audienceCount,
  optedOut: answer.audienceCount - answer.recipientCount,
  ...answer,
});
