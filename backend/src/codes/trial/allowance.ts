import { PAYING_STATUSES, trialDaysLeft } from '@qrsharks/qr-core';
import { USER_STREAM_EVENTS, type TrialActivated } from '../../accounts';
import type { Decided, Evolvable } from '../../command-pipeline/command-pipeline';
import { DomainError } from '../../common/domain-error';
import { CODE_SIDE_EVENTS, type DynamicQrSlotTaken } from '../model/qr-code.events';

/** What the allowance folds of `user-{id}`: the plan's events (declared by accounts) and our slots. */
const ALLOWANCE_EVENTS = USER_STREAM_EVENTS.pick('TrialActivated', 'SubscriptionStatusChanged').and(
  CODE_SIDE_EVENTS.pick('DynamicQrSlotTaken', 'DynamicQrSlotReleased'),
);

/**
 * What the codes feature needs from `user-{id}`: the trial, the subscription status and the dynamic codes held.
 * Accounts and payments write to the same stream; unknown event types are ignored.
 */
export interface Allowance {
  trialActivated: boolean;
  trialStartDate: string | null;
  trialEndDate: string | null;
  subscriptionStatus: string;
  /** Ids of the user's live dynamic codes (taken and not released). */
  slots: string[];
}

export const initialAllowance: Allowance = {
  trialActivated: false,
  trialStartDate: null,
  trialEndDate: null,
  subscriptionStatus: 'free',
  slots: [],
};

export function evolveAllowance(state: Allowance, event: Evolvable): Allowance {
  if (!ALLOWANCE_EVENTS.has(event)) return state;
  switch (event.type) {
    case 'TrialActivated':
      return { ...state, trialActivated: true, trialStartDate: event.data.trialStartDate, trialEndDate: event.data.trialEndDate };
    case 'SubscriptionStatusChanged':
      return { ...state, subscriptionStatus: String(event.data.subscriptionStatus ?? 'free') };
    case 'DynamicQrSlotTaken': {
      const { qrId } = event.data;
      return state.slots.includes(qrId) ? state : { ...state, slots: [...state.slots, qrId] };
    }
    case 'DynamicQrSlotReleased': {
      const { qrId } = event.data;
      return { ...state, slots: state.slots.filter((id) => id !== qrId) };
    }
  }
}

export interface Limits {
  trialDays: number;
  trialDynamicLimit: number;
  freeDynamicLimit: number;
}

/** Statuses that lift the dynamic cap (Stripe's names for a paying subscription). */
const PAYING = new Set(PAYING_STATUSES);

export interface TrialStatus {
  isActive: boolean;
  hasExpired: boolean;
  daysRemaining: number;
  subscriptionStatus: string;
  dynamicQRUsed: number;
  /** null: no cap (an active subscription). */
  dynamicQRLimit: number | null;
  canCreateDynamicQR: boolean;
  trialActivated: boolean;
  trialStartDate: string | null;
  trialEndDate: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The cap: unlimited with a paying subscription; TRIAL_DYNAMIC_LIMIT while the trial runs; FREE_DYNAMIC_LIMIT
 * otherwise (before the trial and after it). Codes made during the trial keep working after it; only new ones
 * are refused while the user holds the free cap or more.
 */
export function trialStatus(state: Allowance, limits: Limits, now: Date): TrialStatus {
  const end = state.trialEndDate ? Date.parse(state.trialEndDate) : null;
  const isActive = state.trialActivated && end !== null && now.getTime() < end;
  const hasExpired = state.trialActivated && end !== null && now.getTime() >= end;
  // The count every screen's plan name uses (qr-core's planLabel): whole days, rounded up.
  const daysRemaining = isActive ? trialDaysLeft(state.trialEndDate, now) : 0;
  const paying = PAYING.has(state.subscriptionStatus);
  const limit = paying ? null : isActive ? limits.trialDynamicLimit : limits.freeDynamicLimit;
  const used = state.slots.length;
  return {
    isActive,
    hasExpired,
    daysRemaining,
    subscriptionStatus: state.subscriptionStatus,
    dynamicQRUsed: used,
    dynamicQRLimit: limit,
    canCreateDynamicQR: limit === null || used < limit,
    trialActivated: state.trialActivated,
    trialStartDate: state.trialStartDate,
    trialEndDate: state.trialEndDate,
  };
}

export const limitMessage = (limit: number) => `You have reached your limit of ${limit} dynamic QR codes. Please upgrade to create more.`;

/** Decides whether one more dynamic code fits; the caller appends the slot at the revision it loaded. */
export function decideTakeSlot(
  state: Allowance,
  limits: Limits,
  now: Date,
  userId: string,
  qrId: string,
): Decided<DynamicQrSlotTaken> & { type: 'DynamicQrSlotTaken' } {
  const status = trialStatus(state, limits, now);
  if (!status.canCreateDynamicQR) throw DomainError.forbidden(limitMessage(status.dynamicQRLimit ?? 0));
  return { type: 'DynamicQrSlotTaken', data: { userId, qrId } };
}

export const TRIAL_EMAIL_REQUIRED = 'Please enter your email address to activate your free trial.';
export const TRIAL_ALREADY_USED = 'You have already used your free trial.';

/** Once per account, ever: a second activation (running or expired) is refused. */
export function decideActivateTrial(
  state: Allowance,
  limits: Limits,
  now: Date,
  user: { id: string; email: string; username: string },
  email: string | null | undefined,
): Decided<TrialActivated> & { type: 'TrialActivated' } {
  const given = typeof email === 'string' ? email.trim().toLowerCase() : '';
  if (!given) throw DomainError.invalid(TRIAL_EMAIL_REQUIRED, 'email');
  if (given !== user.email.toLowerCase() && given !== user.username.toLowerCase()) {
    throw DomainError.invalid('Please use the email address of your account.', 'email');
  }
  if (state.trialActivated) throw DomainError.invalid(TRIAL_ALREADY_USED);
  if (PAYING.has(state.subscriptionStatus)) throw DomainError.invalid('Your subscription is already active.');
  const end = new Date(now.getTime() + limits.trialDays * DAY_MS);
  return { type: 'TrialActivated', data: { userId: user.id, trialStartDate: now.toISOString(), trialEndDate: end.toISOString() } };
}
