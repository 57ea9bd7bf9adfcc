/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] },
  // Jest's default on a 2-core machine is one worker: the four scan-matrix files (about 9 minutes of rendering and
  // decoding, CPU-bound) ran one after another. Two workers, as backend and frontend have.
  maxWorkers: 2,
};
