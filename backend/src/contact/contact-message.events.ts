import { eventCatalogue, type EventOf } from '../event-store/typed-events';

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

export interface ContactEvents {
  ContactMessageReceived: ContactMessageReceived;
}
export type ContactEvent = EventOf<ContactEvents>;
export const CONTACT_EVENTS = eventCatalogue<ContactEvents>({ ContactMessageReceived: true });
export const CONTACT_EVENT_TYPES = CONTACT_EVENTS.types;

export const contactStream = (messageId: string) => `contact-${messageId}`;
