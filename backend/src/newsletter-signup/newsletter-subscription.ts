import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Website spec section 5: non-empty and containing an at-sign; the server also wants a real address. */
export const newsletterSignupSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().min(1, { error: 'Please enter a valid email address.' }).max(255, { error: 'Please enter a valid email address.' }).pipe(z.email({ error: 'Please enter a valid email address.' })),
  ),
});

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** One stream per address, `newsletter-{sha256(lowercased email)}`: a second signup finds it taken. */
export const newsletterStream = (email: string) => `newsletter-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

export interface NewsletterSubscribed {
  email: string;
}
