import type { Decided, Evolvable } from '../command-pipeline/command-pipeline';
import { DomainError } from '../common/domain-error';
import {
  CAMPAIGN_EVENTS,
  NOTIFICATION_PREFERENCES_EVENTS,
  type CampaignKind,
  type CampaignStarted,
  type NotificationPreferencesChanged,
  type PlatformStats,
} from './campaign.events';

/**
 * The campaign and notification-preference aggregates: pure, no Nest, no I/O. A campaign stream holds one
 * `CampaignStarted` or nothing; a request may name several candidate streams (campaign-id.ts: this minute's and the
 * last one's), and the first that holds a campaign is the request's earlier start.
 */
export type Campaign = CampaignStarted | null;
export const initialCampaign: Campaign = null;

export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different campaign';

export function evolveCampaign(state: Campaign, event: Evolvable): Campaign {
  return CAMPAIGN_EVENTS.has(event) ? event.data : state;
}

/** What an admin asked to send (subject and content already defaulted per kind). */
export interface CampaignRequest {
  kind: CampaignKind;
  subject: string;
  content: string;
  includeStats: boolean;
  adminId: string;
  idempotencyKey: string | null;
}

/** What the read models said when the command ran: the audience's size and, for includeStats, the platform figures. */
export interface AudienceFacts {
  audienceCount: number;
  recipientCount: number;
  /** Taken only for a request with includeStats (null otherwise). */
  stats: PlatformStats | null;
}

/**
 * The campaign this request already started, or null. As codes do, a key names one request: the same key with
 * another kind, subject, content or stats flag is refused (409), never answered with the first campaign.
 */
export function earlierStart(candidates: readonly Campaign[], request: CampaignRequest): CampaignStarted | null {
  const first = candidates.find((campaign): campaign is CampaignStarted => campaign !== null);
  if (!first) return null;
  const same =
    first.kind === request.kind &&
    first.subject === request.subject &&
    first.content === request.content &&
    (first.stats !== null) === request.includeStats;
  if (!same) throw new DomainError('conflict', IDEMPOTENCY_KEY_REUSED);
  return first;
}

/**
 * Given the candidate streams of a request (the first is the id a new campaign takes), when it is sent: nothing when
 * the same request started a campaign already (a double click, a retry), else one CampaignStarted with the audience
 * counted now and the figures a newsletter with includeStats carries.
 */
export function decideStart(
  candidates: readonly Campaign[],
  campaignId: string,
  request: CampaignRequest,
  facts: AudienceFacts,
): Decided<CampaignStarted>[] {
  if (earlierStart(candidates, request)) return [];
  return [
    {
      type: 'CampaignStarted',
      data: {
        campaignId,
        kind: request.kind,
        subject: request.subject,
        content: request.content,
        stats: request.includeStats ? facts.stats : null,
        recipientCount: facts.recipientCount,
        audienceCount: facts.audienceCount,
        startedBy: request.adminId,
        idempotencyKey: request.idempotencyKey,
      },
    },
  ];
}

// ---------------------------------------------------------------- an owner's notification preferences

export interface NotificationPreferencesState {
  scanNotifications: boolean;
  pauseNotifications: boolean;
}

/** Owners get both reports until they turn one off. */
export const initialPreferences: NotificationPreferencesState = { scanNotifications: true, pauseNotifications: true };

export function evolvePreferences(state: NotificationPreferencesState, event: Evolvable): NotificationPreferencesState {
  if (!NOTIFICATION_PREFERENCES_EVENTS.has(event)) return state;
  const { scanNotifications, pauseNotifications } = event.data;
  return { scanNotifications, pauseNotifications };
}

/** One NotificationPreferencesChanged when the wanted preferences differ from the current ones; nothing when unchanged. */
export function decidePreferences(
  state: NotificationPreferencesState,
  userId: string,
  wanted: NotificationPreferencesState,
): Decided<NotificationPreferencesChanged>[] {
  const same = state.scanNotifications === wanted.scanNotifications && state.pauseNotifications === wanted.pauseNotifications;
  return same ? [] : [{ type: 'NotificationPreferencesChanged', data: { userId, ...wanted } }];
}
