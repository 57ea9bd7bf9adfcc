import { z } from 'zod';

/** The contact form of the website spec (section 5), with its messages verbatim. */
export const INQUIRY_TYPES = ['general', 'support', 'business', 'feedback'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

const text = (min: number, message: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string().min(min, { error: message }).max(max, { error: `Please keep this under ${max} characters` }));

export const contactMessageSchema = z.object({
  name: text(2, 'Name must be at least 2 characters', 255),
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().max(255, { error: 'Please enter a valid email address' }).pipe(z.email({ error: 'Please enter a valid email address' })),
  ),
  subject: text(5, 'Subject must be at least 5 characters', 200),
  message: text(10, 'Message must be at least 10 characters', 5000),
  inquiryType: z.preprocess((value) => (value === undefined || value === null || value === '' ? 'general' : value), z.enum(INQUIRY_TYPES, { error: 'Please choose an inquiry type' })),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Stream of one message: `contact-{uuid}`. */
export const contactStream = (messageId: string) => `contact-${messageId}`;

export interface ContactMessageReceived extends ContactMessage {
  messageId: string;
}
