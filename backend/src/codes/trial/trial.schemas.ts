import { z } from 'zod';
import { text } from '../../common/input';

/** POST /api/activate-trial: the account's email, typed again as the landing card asks for it. */
export const activateTrialSchema = z.object({
  email: text({ label: 'Email', max: 320 }).nullable().optional(),
});
export type ActivateTrialBody = z.output<typeof activateTrialSchema>;
