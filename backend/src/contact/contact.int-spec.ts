import { testEvents } from '../test-support/events';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';

describe('POST /api/contact', () => {
  let app: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    client = new TestClient(app.url);
  });
  afterAll(() => app.close());

  it('records a valid message as ContactMessageReceived on contact-{uuid}', async () => {
    const res = await client.post('/api/contact', {
      name: ' Ada ',
      email: 'ada@example.com',
      subject: 'Bulk labels',
      message: 'Can we make 2,000 labels?',
      inquiryType: 'business',
    });
    expect(res.status).toBe(200);
    const stream = await testEvents(app.app).store.readStream(`contact-${res.body.id}`);
    expect(stream.map((event) => event.type)).toEqual(['ContactMessageReceived']);
    expect(stream[0].data).toMatchObject({ name: 'Ada', email: 'ada@example.com', inquiryType: 'business' });
  });

  it('defaults inquiryType to general', async () => {
    const res = await client.post('/api/contact', {
      name: 'Bob',
      email: 'bob@example.com',
      subject: 'Hello there',
      message: 'Just saying hello.',
    });
    expect(res.status).toBe(200);
    const [event] = await testEvents(app.app).store.readStream(`contact-${res.body.id}`);
    expect(event.data).toMatchObject({ inquiryType: 'general' });
  });

  it('answers 400 with the spec messages for bad input', async () => {
    const res = await client.post('/api/contact', { name: 'A', email: 'nope', subject: 'Hi', message: 'short', inquiryType: 'sales' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
      inquiryType: 'Please choose an inquiry type',
    });
  });
});
