import { z } from 'zod';
import { userAnswer } from '../../accounts';
import { text } from '../../common/input';

/** POST /api/activate-trial: the account's email, typed again as the landing card asks for it. */
export const activateTrialSchema = z.object({
  email: text({ label: 'Email', max: 320 }).nullable().optional(),
});
export type ActivateTrialBody = z.output<typeof activateTrialSchema>;

/** GET /api/trial-status: the account's plan, trial and dynamic-code allowance (allowance.ts works it out). */
export const trialStatusAnswer = z.object({
  isActive: z.boolean().meta({ description: 'The trial runs now' }),
  hasExpired: z.boolean(),
  daysRemaining: z.number().int().min(0),
  subscriptionStatus: z.string().meta({ description: "Stripe's subscription status, 'free' without one" }),
  dynamicQRUsed: z.number().int().min(0),
  dynamicQRLimit: z.number().int().min(0).nullable().meta({ description: 'null: no cap (an active subscription)' }),
  canCreateDynamicQR: z.boolean(),
  trialActivated: z.boolean(),
  trialStartDate: z.string().nullable(),
  trialEndDate: z.string().nullable(),
});
export type TrialStatusAnswer = z.output<typeof trialStatusAnswer>;

/** POST /api/activate-trial: the landing card's message, the user with the trial's dates, and the new trial status. */
export const trialActivatedAnswer = z.object({
  message: z.string().meta({ description: "What the landing card shows (the trial's end and what it unlocks)" }),
  user: userAnswer.extend({
    trialActivated: z.literal(true),
    trialStartDate: z.string().meta({ description: 'An ISO 8601 time' }),
    trialEndDate: z.string().meta({ description: 'An ISO 8601 time' }),
  }),
  trialStatus: trialStatusAnswer,
});
export type TrialActivatedAnswer = z.output<typeof trialActivatedAnswer>;
