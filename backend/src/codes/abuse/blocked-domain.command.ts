import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import { blockedDomainStream, type BlocklistEvent } from '../model/qr-code.events';
import { decideBlock, decideUnblock, evolveBlockedDomain, initialBlockedDomain, type BlockedDomainState } from './blocked-domain';
import { BLOCKED_DOMAINS_PROJECTION } from './blocked-domains.projection';
import { CODE_REDIRECTS } from '../read-model/codes.projection';

export interface BlockedDomainAnswer {
  id: string;
  domain: string;
  reason: string | null;
  blocked: boolean;
}

/** POST /api/admin/blocked-domains (admin): `domain` is parsed at the edge (a lower-case host name). */
export class BlockDomainCommand extends Command<BlockedDomainAnswer> {
  constructor(
    readonly admin: AuthUser,
    readonly domain: string,
    readonly reason: string,
  ) {
    super();
  }
}

/** DELETE /api/admin/blocked-domains/{domain} (admin). */
export class UnblockDomainCommand extends Command<BlockedDomainAnswer> {
  constructor(
    readonly admin: AuthUser,
    readonly domain: string,
  ) {
    super();
  }
}

function run(pipeline: CommandPipeline, admin: AuthUser, domain: string, decide: (state: BlockedDomainState) => BlocklistEvent[]) {
  return pipeline.run({
    stream: blockedDomainStream(domain),
    initial: initialBlockedDomain,
    evolve: evolveBlockedDomain,
    actor: { actorId: admin.id, tenantId: admin.tenantId },
    // The create/update check reads blocked_domains; the redirect reads scan_targets: both hold the change on return.
    waitFor: [BLOCKED_DOMAINS_PROJECTION, CODE_REDIRECTS],
    decide,
    answer: (state) => ({ id: domain, domain, reason: state.reason, blocked: state.blocked }),
  });
}

@CommandHandler(BlockDomainCommand)
export class BlockDomainHandler implements ICommandHandler<BlockDomainCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ admin, domain, reason }: BlockDomainCommand): Promise<BlockedDomainAnswer> {
    return run(this.pipeline, admin, domain, (state) => decideBlock(state, domain, reason));
  }
}

@CommandHandler(UnblockDomainCommand)
export class UnblockDomainHandler implements ICommandHandler<UnblockDomainCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ admin, domain }: UnblockDomainCommand): Promise<BlockedDomainAnswer> {
    return run(this.pipeline, admin, domain, (state) => decideUnblock(state, domain));
  }
}
