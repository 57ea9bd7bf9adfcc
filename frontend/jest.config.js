/** Browser journeys: Jest drives Debian's chromium through playwright-core against the built app. */
export default {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  testTimeout: 90_000,
  // Each file starts its own backend and database; keep the machine calm.
  maxWorkers: 2,
};
