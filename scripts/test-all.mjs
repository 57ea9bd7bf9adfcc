#!/usr/bin/env node
/**
 * `npm test`: every test of the repository, in the order the pieces depend on each other.
 *   1. build qr-core, the frontend and the backend (browser tests run against the built app)
 *   2. type-check every workspace, then lint (ESLint and Prettier's check over the whole tree)
 *   3. qr-core, backend (unit + integration on real Postgres and Redis) and frontend (unit + browser) tests
 * Needs PostgreSQL on 127.0.0.1:5432 (trust auth), Redis on 127.0.0.1:6379 and /usr/bin/chromium;
 * `.ci/run` installs and starts them. Prints one closing line: "tests: N passed, N failed, N skipped".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = join(root, 'test-artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

const started = Date.now();
const failures = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(name, command, args, options = {}) {
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, ...options });
  const ok = result.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (!ok) failures.push(name);
  return ok;
}

function jest(name, workspace, extra = []) {
  const report = join(artifacts, `${name.replace(/\W+/g, '-')}.json`);
  step(name, 'npx', ['jest', '--ci', '--json', `--outputFile=${report}`, ...extra], { cwd: join(root, workspace) });
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests + (summary.numRuntimeErrorTestSuites ?? 0);
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  } else {
    totals.failed += 1;
  }
}

const only = process.argv.slice(2);
const wants = (part) => only.length === 0 || only.includes(part);

if (step('build', 'npm', ['run', 'build'])) {
  if (wants('typecheck')) step('typecheck', 'npm', ['run', 'typecheck']);
  if (wants('lint')) step('lint', 'npm', ['run', 'lint']);
  if (wants('qr-core')) jest('qr-core tests', 'packages/qr-core');
  if (wants('backend')) jest('backend tests', 'backend');
  if (wants('frontend')) jest('frontend tests', 'frontend');
}

console.log(`\nTook ${((Date.now() - started) / 60000).toFixed(1)} min.${failures.length ? ` Failed steps: ${failures.join(', ')}` : ''}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
