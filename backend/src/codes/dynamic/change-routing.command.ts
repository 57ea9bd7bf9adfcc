import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../../accounts';
import { CommandPipeline } from '../../command-pipeline/command-pipeline';
import type { ExpectedVersion } from '../../command-pipeline/versions';
import { DestinationPolicies } from '../destinations/destination-policies';
import { decideChangeRouting, evolveQr, initialQr } from '../model/qr-code';
import { qrStream } from '../model/qr-code.events';
import { CODE_AND_REDIRECT } from '../read-model/codes.projection';
import type { Routing } from '../routing/routing';
import { routingAnswer } from '../routing/routing.query';
import type { RoutingAnswer } from '../routing/routing.schemas';

/**
 * PUT /api/dynamic-qrcodes/{id}/routing (issue 33): one QrRoutingChanged with the whole routing. The answer waits for
 * the redirect's read model (CODE_REDIRECTS: scan_targets, whose commit drops the cached target), so the change takes
 * effect from the next scan after the answer, as a destination edit does.
 */
export class ChangeRoutingCommand extends Command<RoutingAnswer> {
  constructor(
    readonly user: AuthUser,
    readonly qrId: string,
    /** Already accepted by routingSchema; its destinations are checked by the decision. */
    readonly routing: Routing,
    readonly expected: ExpectedVersion | undefined,
  ) {
    super();
  }
}

/** Every destination a routing names (rules, arms, afterLimit): the policy resolves their host names first. */
export function routingDestinations(routing: Routing): string[] {
  return [
    ...(routing.rules ?? []).map((rule) => rule.destination),
    ...(routing.split ?? []).map((arm) => arm.destination),
    ...(routing.limits?.afterLimit !== undefined ? [routing.limits.afterLimit] : []),
  ];
}

@CommandHandler(ChangeRoutingCommand)
export class ChangeRoutingHandler implements ICommandHandler<ChangeRoutingCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly destinations: DestinationPolicies,
  ) {}

  async execute({ user, qrId, routing, expected }: ChangeRoutingCommand): Promise<RoutingAnswer> {
    const actor = { userId: user.id, tenantId: user.tenantId };
    const policy = await this.destinations.current(routingDestinations(routing));
    return this.pipeline.run({
      stream: qrStream(qrId),
      initial: initialQr,
      evolve: evolveQr,
      expected,
      actor: { actorId: user.id, tenantId: user.tenantId },
      waitFor: CODE_AND_REDIRECT,
      decide: (state) => decideChangeRouting(state, actor, routing, policy),
      answer: (state, committed) => routingAnswer(state.routing, committed.revision),
    });
  }
}
