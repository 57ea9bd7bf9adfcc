import { aggregate } from '../test-support/given-when-then';
import { decideReceive, evolveContactMessage, initialContactMessage } from './contact-message';
import { contactMessageSchema } from './contact-message.schemas';

const message = {
  messageId: 'm-1',
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Bulk labels',
  message: 'Can we make 2,000 labels?',
  inquiryType: 'business' as const,
};

const contact = aggregate(initialContactMessage, evolveContactMessage);
const received = { type: 'ContactMessageReceived', data: message } as const;

describe('contact message', () => {
  it('given no events, when received, then ContactMessageReceived (without the IP)', () => {
    contact
      .given()
      .when((state) => decideReceive(state, message))
      .then([received]);
  });

  it('given it was received, when received again, then nothing', () => {
    contact
      .given(received)
      .when((state) => decideReceive(state, message))
      .then([]);
  });

  it('the schema keeps line breaks in the message, and refuses NUL and lone surrogates with the field', () => {
    const form = { name: 'Ada', email: 'ada@example.com', subject: 'Hello there', message: 'Line one\nLine two' };
    expect(contactMessageSchema.parse(form)).toEqual({ ...form, inquiryType: 'general' });
    const bad = contactMessageSchema.safeParse({ ...form, subject: 'Hello\u0000there', message: 'broken \uD800 text here' });
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', 'Subject contains characters that are not allowed'],
      ['message', 'Message contains characters that are not allowed'],
    ]);
  });

  it('a missing field reads as too short, with the spec message', () => {
    expect(contactMessageSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual([
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]);
  });
});
