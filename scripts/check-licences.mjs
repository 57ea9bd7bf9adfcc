#!/usr/bin/env node
// Fails when a package that the product ships (the production dependency closure of backend and frontend, read from
// package-lock.json) is under a licence outside the allow-list: permissive licences only, so that nobody who runs the
// product, as a service or on their own servers, is bound to terms they never agreed to (an AGPL package would oblige
// every self-hosting customer to publish their changes). A package whose licence is not on the list passes only when
// scripts/licence-exceptions.json names it with that exact licence and a reason.
// Run: node scripts/check-licences.mjs  (part of `npm run lint`)
//      node scripts/check-licences.mjs --root <dir with package-lock.json> --exceptions <file> --workspaces a,b
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** SPDX identifiers of licences that ask for attribution at most. A trailing "+" (or later) is accepted too. */
export const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'CC-BY-4.0',
  'Unlicense',
  'Python-2.0',
  'Zlib',
]);

/**
 * Whether an SPDX expression lets us ship the package: an identifier is allowed when it is on the list (an exception
 * after WITH only widens a licence), `a OR b` when either side is, `a AND b` when both are. Anything that is not an
 * SPDX expression (a missing licence, "SEE LICENSE IN ...", "BSD") is not allowed.
 */
export function licenceAllowed(expression) {
  if (typeof expression !== 'string' || !expression.trim()) return false;
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const fail = () => {
    throw new Error('not an SPDX expression');
  };
  const atom = () => {
    const token = tokens[at++];
    if (token === undefined || token === ')') fail();
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') fail();
      return value;
    }
    if (/^(AND|OR|WITH)$/i.test(token)) fail();
    if (tokens[at]?.toUpperCase() === 'WITH') {
      at++;
      if (tokens[at++] === undefined) fail();
    }
    return ALLOWED.has(token.replace(/\+$/, ''));
  };
  const and = () => {
    let value = atom();
    while (tokens[at]?.toUpperCase() === 'AND') {
      at++;
      value = atom() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (tokens[at]?.toUpperCase() === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    return at === tokens.length && value;
  } catch {
    return false;
  }
}

/** The lock entry's licence, else the installed package.json's (old packages write `licenses: [{ type }]`). */
function licenceOf(root, path, entry) {
  if (typeof entry.license === 'string') return entry.license;
  const manifest = join(root, path, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const json = JSON.parse(readFileSync(manifest, 'utf8'));
  if (typeof json.license === 'string') return json.license;
  if (json.license?.type) return json.license.type;
  if (Array.isArray(json.licenses)) return json.licenses.map((l) => l.type ?? l).join(' OR ') || undefined;
  return undefined;
}

/**
 * The recorded exception for a package: its exact name, or a family of names written with a trailing `*`
 * (a native package's per-platform binaries). It counts only for the licence it records.
 */
function exceptionFor(exceptions, name) {
  if (Object.hasOwn(exceptions, name)) return exceptions[name];
  const family = Object.keys(exceptions).find((key) => key.endsWith('*') && name.startsWith(key.slice(0, -1)));
  return family === undefined ? undefined : exceptions[family];
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then each folder above it. */
function resolve(packages, from, name) {
  const parts = from ? from.split('/') : [];
  for (let i = parts.length; i >= 0; i--) {
    const candidate = [...parts.slice(0, i), 'node_modules', name].join('/');
    if (packages[candidate]) return candidate;
  }
  return undefined;
}

/**
 * Walks the lock from the given workspaces through dependencies, optional dependencies and required peer
 * dependencies (what `npm install --omit=dev` installs) and answers every package reached with its licence and
 * whether that licence passes.
 */
export function checkLicences({ root, workspaces = ['backend', 'frontend'], exceptions = {} }) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const packages = lock.packages ?? {};
  const seen = new Set();
  const problems = [];
  const shipped = [];
  const queue = workspaces.map((path) => ({ path, via: path }));
  for (const workspace of workspaces) if (!packages[workspace]) problems.push(`${workspace}: no such workspace in the lock`);
  while (queue.length) {
    const { path, via } = queue.shift();
    if (seen.has(path) || !packages[path]) continue;
    seen.add(path);
    const entry = packages[path];
    if (entry.link) {
      queue.push({ path: entry.resolved, via });
      continue;
    }
    // Our own workspaces (not under node_modules) are the product itself, not a dependency.
    if (path.includes('node_modules/')) {
      const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const licence = licenceOf(root, path, entry) ?? 'UNKNOWN';
      const exception = exceptionFor(exceptions, name);
      const ok = licenceAllowed(licence) || (exception?.license === licence && !!exception.reason?.trim());
      shipped.push({ name, version: entry.version, licence, ok });
      if (!ok) problems.push(`${name}@${entry.version}: licence ${licence} is not allowed (reached from ${via})`);
    }
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(entry.peerDependencies ?? {}).map((name) => [name, !!optionalPeers[name]?.optional]),
    ];
    for (const [name, optional] of wanted) {
      const target = resolve(packages, path, name);
      if (target) queue.push({ path: target, via });
      else if (!optional) problems.push(`${name}: needed by ${path} but not in the lock`);
    }
  }
  return { shipped, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: join(here, '..') },
      exceptions: { type: 'string', default: join(here, 'licence-exceptions.json') },
      workspaces: { type: 'string', default: 'backend,frontend' },
    },
  });
  const exceptions = existsSync(values.exceptions) ? (JSON.parse(readFileSync(values.exceptions, 'utf8')).packages ?? {}) : {};
  const { shipped, problems } = checkLicences({ root: values.root, workspaces: values.workspaces.split(','), exceptions });
  if (problems.length) {
    console.error(`Licence check: ${problems.length} problem(s) in the production dependencies of ${values.workspaces}:`);
    for (const problem of problems) console.error(`  ${problem}`);
    console.error('Use a permissively licensed package, or record the licence and a reason in scripts/licence-exceptions.json.');
    process.exit(1);
  }
  console.log(`Licence check: ${shipped.length} production packages of ${values.workspaces}, all under allowed licences.`);
}
