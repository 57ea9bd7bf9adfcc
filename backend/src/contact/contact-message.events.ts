import { eventCatalogue, type EventOf } from '../event-store/typed-events';
import { emailOwner, personalData } from '../event-store/personal-data/personal-data-registry';

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

/**
 * Personal data (issue 32 item 1): the sender's name, address, subject and message, sealed with `contact:{messageId}`,
 * owned by the address (`email:{hash}`): the staff erase a sender, the deletion of an account of that address too.
 */
personalData.register<ContactMessageReceived>('ContactMessageReceived', {
  subject: (data) => `contact:${data.messageId}`,
  owner: (data, event, hash) => emailOwner(hash, event.metadata.tenantId, data.email),
  fields: { name: '[erased]', email: '[erased]', subject: '[erased]', message: '[erased]' },
});
