const base = require('./jest.config');

/**
 * `npm run check:eventstore -w backend`: the event-store contract against the EventStoreDB / KurrentDB server at
 * EVENTSTORE_URL, and nothing else (no PostgreSQL template database, no other spec).
 * @type {import('jest').Config}
 */
module.exports = {
  ...base,
  testMatch: ['**/event-store/esdb-event-store.int-spec.ts'],
  globalSetup: undefined,
  globalTeardown: undefined,
  maxWorkers: 1,
  testTimeout: 60000,
};
