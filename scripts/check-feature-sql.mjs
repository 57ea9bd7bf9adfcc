#!/usr/bin/env node
// @ts-check
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Each feature owns its data (issue 29, item 1), part of `npm run lint`. A table belongs to the top-level folder
 * (feature) that declares it:
 *   - `@Entity('t')` or `@Entity({ name: 't' })` in one of its files;
 *   - a projection's `tables` (`readonly tables = ['t', ...]`, also through a `const X = ['t', ...]` of the same file);
 *   - a doc tag `@ownsTables t1, t2` in one of its files, for a table with neither (the event store's `events`).
 * Every string or template literal of product code (tests, test support and migrations aside) that reads as SQL is
 * scanned for the tables after FROM, JOIN, INTO, UPDATE, TABLE, TRUNCATE and USING. Naming a table another feature owns
 * fails, with file:line and the owner: ask the owner's query port (exported from its front door) instead, or
 * build a projection of your own.
 *
 * The exceptions file (scripts/feature-sql-exceptions.json: "file -> [tables]") lists the reads that are known and
 * not yet replaced; a listed read that is gone fails too, so the list only shrinks.
 *
 * Usage: node scripts/check-feature-sql.mjs                         backend/src with the exceptions file
 *        node scripts/check-feature-sql.mjs --root DIR [--exceptions FILE]   any other tree
 * Exit status 1 with every problem; 0 when there is none.
 */

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /(\.spec|\.int-spec|\.e2e|\.harness|\.contract|-fixtures|\.test-kit)\.tsx?$|\.d\.ts$/;
const SKIPPED = [/^test-support\//, /^database\/migrations\//];
const SQL =
  /\b(SELECT|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|CREATE\s+(UNLOGGED\s+)?TABLE|ALTER\s+TABLE|TRUNCATE|WITH\s+\w+\s+AS)\b/i;
const TABLE_AFTER =
  /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE|USING)\s+(?:ONLY\s+)?(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** @param {string} dir @param {string} root @returns {string[]} */
function sourceFiles(dir, root) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path, root));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) {
      const rel = relative(root, path).split(sep).join('/');
      if (!SKIPPED.some((skip) => skip.test(rel))) out.push(path);
    }
  }
  return out;
}

/** The top-level folder of `rel` (a feature such as `codes`), or '(root)' for a file in the root itself. */
const folderOf = (rel) => (rel.includes('/') ? rel.split('/')[0] : '(root)');

/** @param {ts.Node} node @returns {string[]} the string literals of an array literal, following spreads and identifiers */
function arrayStrings(node, constants) {
  /** @type {string[]} */
  const out = [];
  let expr = node;
  while (ts.isAsExpression(expr) || ts.isParenthesizedExpression(expr) || ts.isSatisfiesExpression(expr)) expr = expr.expression;
  if (ts.isIdentifier(expr)) return constants.get(expr.text) ?? [];
  if (!ts.isArrayLiteralExpression(expr)) return out;
  for (const element of expr.elements) {
    if (ts.isStringLiteralLike(element)) out.push(element.text);
    else if (ts.isSpreadElement(element)) out.push(...arrayStrings(element.expression, constants));
    else if (ts.isIdentifier(element)) out.push(...(constants.get(element.text) ?? []));
  }
  return out;
}

/**
 * One file's declared tables and SQL strings.
 * @param {string} path
 */
function scanFile(path) {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  /** @type {Map<string, ts.Node>} */
  const arrays = new Map();
  /** @type {string[]} */
  const owned = [];
  /** @type {{ line: number, sql: string }[]} */
  const strings = [];
  for (const match of text.matchAll(/@ownsTables\s+([a-z0-9_, ]+)/g)) owned.push(...match[1].split(/[\s,]+/).filter(Boolean));
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) arrays.set(node.name.text, node.initializer);
    if (ts.isDecorator(node) && ts.isCallExpression(node.expression) && node.expression.expression.getText(source) === 'Entity') {
      const [arg] = node.expression.arguments;
      if (arg && ts.isStringLiteralLike(arg)) owned.push(arg.text);
      else if (arg && ts.isObjectLiteralExpression(arg)) {
        for (const property of arg.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            property.name.getText(source) === 'name' &&
            ts.isStringLiteralLike(property.initializer)
          ) {
            owned.push(property.initializer.text);
          }
        }
      }
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
      const sql = ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => ` $x ${span.literal.text}`)].join('')
        : node.text;
      if (SQL.test(sql)) strings.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, sql });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // Projections' tables: `tables = [...]` in a class, resolved through the file's constants.
  const constants = new Map();
  for (const [name, init] of arrays) constants.set(name, arrayStrings(init, new Map()));
  /** @param {ts.Node} node */
  const findTables = (node) => {
    if (ts.isPropertyDeclaration(node) && node.name.getText(source) === 'tables' && node.initializer)
      owned.push(...arrayStrings(node.initializer, constants));
    ts.forEachChild(node, findTables);
  };
  findTables(source);
  return { owned, strings };
}

/**
 * @param {string} root absolute path of a source root
 * @param {Record<string, string[]>} exceptions file (relative to root) -> tables it may still name
 * @returns {{ problems: string[], owners: Map<string, string> }}
 */
export function checkFeatureSql(root, exceptions = {}) {
  const files = sourceFiles(root, root).map((path) => ({ path, rel: relative(root, path).split(sep).join('/'), ...scanFile(path) }));
  /** @type {Map<string, string>} table -> owning folder */
  const owners = new Map();
  /** @type {string[]} */
  const problems = [];
  for (const file of files) {
    for (const table of file.owned) {
      const folder = folderOf(file.rel);
      const known = owners.get(table);
      if (known && known !== folder) problems.push(`table ${table} is declared by two features: ${known} and ${folder} (${file.rel})`);
      else owners.set(table, folder);
    }
  }
  /** @type {Map<string, Set<string>>} */
  const used = new Map();
  for (const file of files) {
    const folder = folderOf(file.rel);
    for (const { line, sql } of file.strings) {
      for (const match of sql.matchAll(TABLE_AFTER)) {
        const table = match[1].toLowerCase();
        const owner = owners.get(table);
        if (!owner || owner === folder) continue;
        if (exceptions[file.rel]?.includes(table)) {
          used.set(file.rel, (used.get(file.rel) ?? new Set()).add(table));
          continue;
        }
        problems.push(
          `${file.rel}:${line}: SQL names table ${table}, owned by ${owner}/: ask ${owner}'s query port (its index.ts) instead`,
        );
      }
    }
  }
  for (const [file, tables] of Object.entries(exceptions)) {
    for (const table of tables) {
      if (!used.get(file)?.has(table))
        problems.push(`exception ${file} -> ${table} is no longer needed: remove it from the exceptions file`);
    }
  }
  return { problems, owners };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let root = join(repo, 'backend', 'src');
  let exceptionsFile = join(repo, 'scripts', 'feature-sql-exceptions.json');
  for (let i = 2; i < process.argv.length; i += 2) {
    const [flag, value] = [process.argv[i], process.argv[i + 1] ?? ''];
    if (flag === '--root') {
      root = resolve(value);
      exceptionsFile = '';
    } else if (flag === '--exceptions') exceptionsFile = resolve(value);
    else {
      console.error(`Unknown argument ${flag}. Usage: node scripts/check-feature-sql.mjs [--root DIR] [--exceptions FILE]`);
      process.exit(2);
    }
  }
  const exceptions = exceptionsFile && existsSync(exceptionsFile) ? JSON.parse(readFileSync(exceptionsFile, 'utf8')).exceptions : {};
  const { problems, owners } = checkFeatureSql(root, exceptions);
  if (problems.length) {
    console.error(`Cross-feature SQL (each feature owns its tables; docs/architecture.md):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`No cross-feature SQL: ${owners.size} tables, each named only by its owner.`);
}
