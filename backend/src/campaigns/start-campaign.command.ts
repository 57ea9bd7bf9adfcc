import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideStart, evolveCampaign, initialCampaign, type Campaign, type CampaignRequest } from './campaign';
import { campaignIds } from './campaign-id';
import { campaignStream, type CampaignKind, type CampaignStarted } from './campaign.events';
import { CAMPAIGNS_PROJECTION } from './campaigns.projection';
import { CampaignsService } from './campaigns.service';
import type { CampaignStartedAnswer } from './campaigns.answers';

/** What each send call answers: the campaign, whether this request started it, and its counts (campaigns.answers.ts). */
export type CampaignAnswer = CampaignStartedAnswer;

const SUBJECTS: Record<Exclude<CampaignKind, 'newsletter' | 'newsletter-test'>, string> = {
  welcome: 'Welcome emails to all users',
  'scan-report': 'Weekly scan notifications',
  'pause-report': 'Paused code notifications',
};

/** POST /api/send-newsletter, /api/send-welcome-to-all, /api/send-scan-notifications, /api/send-pause-notifications. */
export class StartCampaignCommand extends Command<CampaignAnswer> {
  readonly request: CampaignRequest;

  constructor(
    readonly admin: AuthUser,
    kind: CampaignKind,
    body: { subject?: string; content?: string; includeStats?: boolean },
    idempotencyKey: string | null,
    /** The request's time: a request without a key is the same campaign within a minute (campaign-id.ts). */
    readonly at = Date.now(),
  ) {
    super();
    this.request = {
      kind,
      subject: body.subject ?? SUBJECTS[kind as keyof typeof SUBJECTS],
      content: body.content ?? '',
      includeStats: body.includeStats ?? false,
      adminId: admin.id,
      idempotencyKey,
    };
  }
}

/**
 * Counts the audience (and takes the platform figures a newsletter with includeStats carries) from the owners' query
 * ports, then loads the request's candidate streams and decides once (decideStart): one CampaignStarted at
 * 'no_stream' on `campaign-{id}`, or nothing when the same request started it already. Of two identical requests
 * racing, the loser's append conflicts; the plan runs again, finds the winner's stream and answers its campaign.
 */
@CommandHandler(StartCampaignCommand)
export class StartCampaignHandler implements ICommandHandler<StartCampaignCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly campaigns: CampaignsService,
  ) {}

  async execute({ admin, request, at }: StartCampaignCommand): Promise<CampaignAnswer> {
    const ids = campaignIds(admin.id, request.kind, request, request.idempotencyKey, at);
    const [audience, stats] = await Promise.all([
      this.campaigns.audienceCount(request.kind, admin.tenantId, admin.id),
      request.includeStats ? this.campaigns.stats(admin.tenantId) : null,
    ]);
    const facts = { ...audience, stats };
    return this.pipeline.execute({
      actor: { actorId: admin.id, tenantId: admin.tenantId },
      waitFor: [CAMPAIGNS_PROJECTION],
      onConflict: () => true,
      plan: async (ctx) => {
        const candidates: Campaign[] = [];
        for (const id of ids) candidates.push((await ctx.load(campaignStream(id), initialCampaign, evolveCampaign)).state);
        const events = decideStart(candidates, ids[0], request, facts);
        // Nothing decided: the first candidate holding a campaign is the one this request started before.
        const campaign = events[0]?.data ?? candidates.find((candidate) => candidate !== null);
        return {
          appends: [{ streamId: campaignStream(ids[0]), events, expectedRevision: 'no_stream' }],
          answer: () => answerOf(campaign as CampaignStarted, events.length > 0),
        };
      },
    });
  }
}

const answerOf = (data: CampaignStarted, started: boolean): CampaignAnswer => ({
  campaignId: data.campaignId,
  kind: data.kind,
  started,
  recipientCount: data.recipientCount,
  audienceCount: data.audienceCount,
});
