import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../accounts';
import { DomainError } from '../../common/domain-error';
import { evolveQr, initialQr, NOT_FOUND, type QrState } from '../model/qr-code';
import { CodesQueryService } from '../read-model/codes-query.service';
import { HumanScanCount } from './human-scan-count';
import { compileRouting, decideRoute, type RouteAnswer, type Routing } from './routing';
import type { RoutingAnswer, SimulateBody } from './routing.schemas';

/** The answer of GET and PUT .../routing: the routing's parts that are set, and the code's version (its ETag). */
export function routingAnswer(routing: Routing | null, revision: bigint | 'no_stream'): RoutingAnswer {
  return { ...(routing ?? {}), version: revision === 'no_stream' ? 0 : Number(revision) };
}

/** The visitor simulate routes when none is given: any fixed value, so the same request answers the same arm. */
const SAMPLE_VISITOR = 'simulated-visitor';

/**
 * The reads of a code's routing from its stream (`qr-{id}`): the routing now, where the code pointed at a moment, and
 * what a scan would be answered (simulate, through the redirect's own decideRoute). Owners and support staff, as the
 * history; dynamic codes only.
 */
@Injectable()
export class RoutingQuery {
  constructor(
    private readonly codes: CodesQueryService,
    private readonly humanScans: HumanScanCount,
  ) {}

  async routing(user: AuthUser, qrId: string): Promise<RoutingAnswer> {
    const { state, revision } = await this.dynamic(user, qrId);
    return routingAnswer(state.routing, revision);
  }

  /** GET .../destination-at?at=: the destination, routing and version live at `at` (the last event at or before it). */
  async destinationAt(
    user: AuthUser,
    qrId: string,
    at: string,
  ): Promise<{ destination: string | null; routing: Routing | null; version: number }> {
    const { events } = await this.dynamic(user, qrId);
    const moment = Date.parse(at);
    let state: QrState = initialQr;
    let version = 0;
    for (const event of events) {
      if (Date.parse(event.metadata.occurredAt) > moment) break;
      state = evolveQr(state, event);
      version = Number(event.revision);
    }
    if (!state.code) throw DomainError.invalid('The code did not exist yet at that time', 'at');
    return { destination: state.code.destination, routing: state.routing, version };
  }

  /** POST .../simulate: what the redirect would answer this scan now (or at `at`), by the same decision function. */
  async simulate(user: AuthUser, qrId: string, body: SimulateBody): Promise<RouteAnswer> {
    const { state } = await this.dynamic(user, qrId);
    const destination = state.code.destination;
    const request = {
      userAgent: body.userAgent,
      acceptLanguage: body.language,
      country: () => body.country,
      visitor: body.visitor ?? SAMPLE_VISITOR,
    };
    const now = body.at ? Date.parse(body.at) : Date.now();
    if (!state.routing) return decideRoute(compileRouting(qrId, {}), destination, request, now);
    // The cap's count is the redirect's live one (read only for a capped code, as the redirect asks only then).
    const counted = state.routing.limits?.maxScans !== undefined ? await this.humanScans.of(state.code.qrId) : 0;
    return decideRoute(compileRouting(state.code.qrId, state.routing), destination, request, now, counted);
  }

  private async dynamic(user: AuthUser, qrId: string) {
    const loaded = await this.codes.readable(user, qrId, false);
    if (loaded.state.code.mode !== 'dynamic') throw DomainError.notFound(NOT_FOUND);
    return loaded;
  }
}
