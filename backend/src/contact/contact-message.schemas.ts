import { z } from 'zod';
import { displayName, text } from '../common/input';
import { INQUIRY_TYPES } from './contact-message.events';

const INVALID_EMAIL = 'Please enter a valid email address';
const tooLong = (max: number) => `Please keep this under ${max} characters`;

/** The contact form of the website spec (section 5), with its messages verbatim; a missing field reads as too short. */
export const contactMessageSchema = z.object({
  name: displayName({
    label: 'Name',
    min: 2,
    max: 255,
    minMessage: 'Name must be at least 2 characters',
    typeMessage: 'Name must be at least 2 characters',
    maxMessage: tooLong(255),
  }),
  email: text({ label: 'Email', max: 255, maxMessage: INVALID_EMAIL, typeMessage: INVALID_EMAIL }).pipe(z.email({ error: INVALID_EMAIL })),
  subject: text({
    label: 'Subject',
    min: 5,
    max: 200,
    minMessage: 'Subject must be at least 5 characters',
    typeMessage: 'Subject must be at least 5 characters',
    maxMessage: tooLong(200),
  }),
  message: text({
    label: 'Message',
    min: 10,
    max: 5000,
    multiline: true,
    minMessage: 'Message must be at least 10 characters',
    typeMessage: 'Message must be at least 10 characters',
    maxMessage: tooLong(5000),
  }),
  inquiryType: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 'general' : value),
    z.enum(INQUIRY_TYPES, { error: 'Please choose an inquiry type' }),
  ),
});

export type ContactForm = z.output<typeof contactMessageSchema>;
