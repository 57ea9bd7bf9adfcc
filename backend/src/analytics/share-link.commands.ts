import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { AnalyticsService } from './analytics.service';
import { decideCreateShare, decideRevokeShare, evolveShares, initialShares, shareStream } from './share-links';
import { ShareLinksService, type ShareLinkDto } from './share-links.service';
import { ANALYTICS_PROJECTION } from './analytics.projection';

const DAY_MS = 86_400_000;
export const DEFAULT_SHARE_DAYS = 30;

/** POST /api/dynamic-qrcodes/{id}/share-links: a read-only link to the code's analytics page, until it expires. */
export class CreateShareLinkCommand extends Command<ShareLinkDto> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly expiresInDays: number,
  ) {
    super();
  }
}

@CommandHandler(CreateShareLinkCommand)
export class CreateShareLinkHandler implements ICommandHandler<CreateShareLinkCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly analytics: AnalyticsService,
    private readonly links: ShareLinksService,
  ) {}

  async execute({ user, qrId, expiresInDays }: CreateShareLinkCommand): Promise<ShareLinkDto> {
    const code = await this.analytics.ownedCode(user, qrId);
    const now = Date.now();
    // Whole seconds: the token carries the instant as text and must read back the same from the table.
    const expiresAt = new Date(Math.floor((now + expiresInDays * DAY_MS) / 1000) * 1000).toISOString();
    const created = { shareId: randomUUID(), qrId: code.qrId, userId: String(user.id), expiresAt };
    return this.pipeline.run({
      stream: shareStream(code.qrId),
      initial: initialShares(),
      evolve: evolveShares,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [ANALYTICS_PROJECTION],
      decide: (state) => decideCreateShare(state, created, now),
      answer: () =>
        this.links.dto({ shareId: created.shareId, qrId: code.qrId, createdAt: new Date(now).toISOString(), expiresAt, revokedAt: null }),
    });
  }
}

/** DELETE /api/dynamic-qrcodes/{id}/share-links/{shareId}: the link stops working at once. */
export class RevokeShareLinkCommand extends Command<void> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    readonly shareId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeShareLinkCommand)
export class RevokeShareLinkHandler implements ICommandHandler<RevokeShareLinkCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly analytics: AnalyticsService,
  ) {}

  async execute({ user, qrId, shareId }: RevokeShareLinkCommand): Promise<void> {
    const code = await this.analytics.ownedCode(user, qrId);
    await this.pipeline.run({
      stream: shareStream(code.qrId),
      initial: initialShares(),
      evolve: evolveShares,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: [ANALYTICS_PROJECTION],
      decide: (state) => decideRevokeShare(state, code.qrId, shareId),
      answer: () => undefined,
    });
  }
}
