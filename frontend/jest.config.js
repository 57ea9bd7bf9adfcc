// Two projects: `npx jest` runs both, `npx jest --selectProjects unit` only the fast ones.
const swc = (tsx) => [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx }, target: 'es2022', transform: { react: { runtime: 'automatic' } } }, module: { type: 'commonjs' } },
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
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: '.',
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      transform,
    },
  ],
  // Jest reads testTimeout from the global config only (a project's own is ignored): the browser
  // journeys need it; the unit specs finish in milliseconds either way.
  testTimeout: 90_000,
  // Each e2e file starts its own backend and database; keep the machine calm.
  maxWorkers: 2,
};
