/** Events of the contact form: one message per stream, `contact-{uuid}`. */
export const INQUIRY_TYPES = ['general', 'support', 'business', 'feedback'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export interface ContactMessageReceived {
  messageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
}

export type ContactEvent = { type: 'ContactMessageReceived'; data: ContactMessageReceived };

export const CONTACT_EVENT_TYPES = ['ContactMessageReceived'] as const;

export const contactStream = (messageId: string) => `contact-${messageId}`;
