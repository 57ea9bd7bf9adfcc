import type { Evolvable } from '../command-pipeline/command-pipeline';
import { aggregate } from '../test-support/given-when-then';
import {
  decidePreferences,
  decideStart,
  evolveCampaign,
  evolvePreferences,
  IDEMPOTENCY_KEY_REUSED,
  initialCampaign,
  initialPreferences,
  type Campaign,
  type CampaignRequest,
  type NotificationPreferencesState,
} from './campaign';
import type { CampaignStarted } from './campaign.events';

const campaign = aggregate<Campaign, Evolvable>(initialCampaign, evolveCampaign);
const preferences = aggregate<NotificationPreferencesState, Evolvable>(initialPreferences, evolvePreferences);

const request: CampaignRequest = {
  kind: 'newsletter',
  subject: 'Shark Tips #1',
  content: 'Hello sharks.',
  includeStats: true,
  adminId: 'admin-1',
  idempotencyKey: 'k-1',
};
const stats = { totalUsers: 3, newUsers: 1, totalQRCodes: 9, newQRCodes: 2 };
const facts = { audienceCount: 5, recipientCount: 4, stats };
const startedData: CampaignStarted = {
  campaignId: 'c-1',
  kind: 'newsletter',
  subject: 'Shark Tips #1',
  content: 'Hello sharks.',
  stats,
  recipientCount: 4,
  audienceCount: 5,
  startedBy: 'admin-1',
  idempotencyKey: 'k-1',
};
const started = { type: 'CampaignStarted', data: startedData };

describe('campaign: start', () => {
  it('given no campaign on any candidate stream, when sent, then one CampaignStarted with the counts and figures of now', () => {
    const after = campaign
      .given()
      .when((state) => decideStart([state, null], 'c-1', request, facts))
      .then([started]);
    expect(after).toEqual(startedData);
  });

  it('takes the figures only for a newsletter with includeStats', () => {
    const decided = campaign.given().when((state) => decideStart([state], 'c-2', { ...request, includeStats: false }, facts)).result;
    expect(decided[0].data.stats).toBeNull();
  });

  it('given the same request started it (this minute or the last), when sent again, then nothing: the first campaign answers', () => {
    campaign
      .given(started)
      .when((state) => decideStart([null, state], 'c-9', request, facts))
      .then([]);
    campaign
      .given(started)
      .when((state) => decideStart([state], 'c-1', request, { ...facts, recipientCount: 99 }))
      .then([]);
  });

  it('given a campaign under the key, when another kind, subject, content or stats flag reuses it, then 409 (as codes answer)', () => {
    for (const other of [
      { ...request, kind: 'welcome' as const },
      { ...request, subject: 'Other tips' },
      { ...request, content: 'changed' },
      { ...request, includeStats: false },
    ]) {
      campaign
        .given(started)
        .when((state) => decideStart([state], 'c-1', other, facts))
        .thenRefuses({ status: 409, message: IDEMPOTENCY_KEY_REUSED });
    }
  });
});

describe('notification preferences', () => {
  const changed = (scanNotifications: boolean, pauseNotifications: boolean) => ({
    type: 'NotificationPreferencesChanged',
    data: { userId: 'u1', scanNotifications, pauseNotifications },
  });

  it('given none (both reports on), when one is turned off, then NotificationPreferencesChanged with both values', () => {
    const after = preferences
      .given()
      .when((state) => decidePreferences(state, 'u1', { scanNotifications: false, pauseNotifications: true }))
      .then([changed(false, true)]);
    expect(after).toEqual({ scanNotifications: false, pauseNotifications: true });
  });

  it('given the same preferences, when saved again, then nothing (no empty audit entries)', () => {
    preferences
      .given()
      .when((state) => decidePreferences(state, 'u1', initialPreferences))
      .then([]);
    preferences
      .given(changed(false, false))
      .when((state) => decidePreferences(state, 'u1', { scanNotifications: false, pauseNotifications: false }))
      .then([]);
    preferences
      .given(changed(false, false))
      .when((state) => decidePreferences(state, 'u1', initialPreferences))
      .then([changed(true, true)]);
  });
});
