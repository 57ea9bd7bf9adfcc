// Two projects: `npx jest` runs both, `npx jest --selectProjects unit` only the fast ones.
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
  },
];
// .tsx parses JSX; plain .ts keeps TypeScript's `<T>value` assertions working.
const transform = { '^.+\\.tsx$': swc(true), '^.+\\.(t|j)s$': swc(false) };

export default {
  projects: [
    {
      // The generator's pure logic (colour maths, request building, live-preview timing).
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform,
      moduleNameMapper: {
        '^@qrsharks/qr-core$': '<rootDir>/../packages/qr-core/src/index.ts',
        '^@qrsharks/qr-core/browser$': '<rootDir>/../packages/qr-core/src/browser.ts',
      },
    },
    {
      // Browser journeys: Jest drives Debian's chromium through playwright-core against the built app.
      // One stack and one stored signed-in user (Playwright storageState) for the whole run: started by
      // globalSetup before any file, stopped by globalTeardown after the last (e2e/support/run.ts).
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
      transform,
    },
  ],
  // Jest reads testTimeout from the global config only (a project's own is ignored): the browser
  // journeys need it; the unit specs finish in milliseconds either way.
  testTimeout: 90_000,
  // Two files at a time share the run's one backend; keep the machine calm.
  maxWorkers: 2,
};
