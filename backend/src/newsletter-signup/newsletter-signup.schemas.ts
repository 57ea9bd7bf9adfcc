import { z } from 'zod';
import { text } from '../common/input';

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** Website spec section 5: non-empty and containing an at-sign; the server also wants a real address. */
export const newsletterSignupSchema = z.object({
  email: text({ label: 'Email', min: 1, max: 255, minMessage: INVALID_EMAIL, maxMessage: INVALID_EMAIL, typeMessage: INVALID_EMAIL }).pipe(
    z.email({ error: INVALID_EMAIL }),
  ),
});

export type NewsletterSignup = z.output<typeof newsletterSignupSchema>;
