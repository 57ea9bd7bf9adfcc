import type { ContactEvent, InquiryType } from './contact-message.events';

/** The contact message aggregate: pure, no Nest, no I/O. A message is received once, under the id given to it. */
export interface ContactMessageState {
  received: boolean;
}

export const initialContactMessage: ContactMessageState = { received: false };

export function evolveContactMessage(state: ContactMessageState, event: { type: string }): ContactMessageState {
  return event.type === 'ContactMessageReceived' ? { received: true } : state;
}

export interface ContactMessage {
  messageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
}

/** The sender's IP is for the rate limit only: it is not recorded with the message. */
export function decideReceive(state: ContactMessageState, message: ContactMessage): ContactEvent[] {
  return state.received ? [] : [{ type: 'ContactMessageReceived', data: { ...message } }];
}
