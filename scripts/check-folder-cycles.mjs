#!/usr/bin/env node
// @ts-check
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Folder-level import loops (issue 29, item 2), part of `npm run lint`. ESLint's import-x/no-cycle sees a loop
 * between files; this sees a loop between folders, which file-level checks miss (a.ts -> b/x.ts and b/y.ts -> a.ts is
 * no file cycle but is a folder cycle). For each source root, every product file (tests and test helpers aside) is
 * placed in its top-level folder under the root (a feature such as `codes/`, or a shared layer such as `common/`);
 * an import between two such folders is an arrow; any strongly connected set of folders is a loop and fails lint.
 * Files directly in the root (app.module.ts, main.tsx, router.tsx, ...) are the composition root. The shared layers
 * of each root are ordered (LAYOUTS below): a lower layer importing a higher one, or a feature, fails too, even before
 * it closes a loop.
 *
 * Usage: node scripts/check-folder-cycles.mjs                       backend/src and frontend/src with their LAYOUTS
 *        node scripts/check-folder-cycles.mjs --root DIR [--layers a,b] [--composition c]...   any other tree
 * Exit status 1 with every problem and the imports behind it; 0 when there is none.
 */

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /(\.spec|\.int-spec|\.e2e|\.harness|\.contract|-fixtures|\.test-kit)\.tsx?$|\.d\.ts$/;
const TEST_FOLDERS = new Set(['test-support']);
const ROOT = '(root)';

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(path);
  }
  return out;
}

/** The file a relative specifier names: `./x.js` for x.ts (NodeNext), `./x` for x.ts(x), `../feature` for its index. */
function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|cjs|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The top-level folder of `file` under `root`, or ROOT for a file that sits in the root itself. */
function folderOf(root, file) {
  const parts = relative(root, file).split(sep);
  return parts.length > 1 ? parts[0] : ROOT;
}

/**
 * The folder graph of one source root: folder -> folder -> the imports (file -> specifier) behind that arrow.
 * @param {string} root absolute path
 * @returns {Map<string, Map<string, string[]>>}
 */
export function folderGraph(root) {
  /** @type {Map<string, Map<string, string[]>>} */
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (TEST_FOLDERS.has(from)) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (!target || relative(root, target).startsWith('..')) continue;
      const to = folderOf(root, target);
      if (to === from) continue;
      const edges = /** @type {Map<string, string[]>} */ (graph.get(from));
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to)?.push(`${relative(repo, file)} -> '${fileName}'`);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one folder (a folder's imports of itself are no loop). */
export function loops(graph) {
  let index = 0;
  /** @type {Map<string, number>} */ const order = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const found = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (low.get(next))));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(/** @type {number} */ (low.get(node)), /** @type {number} */ (order.get(next))));
      }
    }
    if (low.get(node) === order.get(node)) {
      /** @type {string[]} */ const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!order.has(node)) visit(node);
  return found;
}

/**
 * The shared layers of each source root, lowest first: a layer imports only the layers before it and no feature. The
 * composition folders (start-up, the router, the command-line tools) may import anything and nothing imports them.
 * Every other folder is a feature: features import layers, and each other without a loop.
 */
export const LAYOUTS = {
  'backend/src': {
    layers: ['common', 'config', 'database', 'redis', 'rendering', 'event-store', 'projections', 'command-pipeline', 'http'],
    composition: [ROOT, 'cli'],
  },
  'frontend/src': { layers: ['api', 'ui', 'generator'], composition: [ROOT] },
};

/**
 * Every problem of one root, as lines of text; empty when its folders form no loop and keep their layers' order.
 * @param {string} root absolute path
 * @param {{ layers: string[], composition: string[] }} layout
 */
export function checkRoot(root, layout = { layers: [], composition: [ROOT] }) {
  const graph = folderGraph(root);
  const name = relative(repo, root) || root;
  /** @type {string[]} */
  const problems = [];
  const show = (imports) => [
    ...imports.slice(0, 5).map((line) => `    ${line}`),
    ...(imports.length > 5 ? [`    ... and ${imports.length - 5} more`] : []),
  ];
  for (const component of loops(graph)) {
    const members = new Set(component);
    problems.push(`${name}: folder loop between ${component.map((f) => `${f}/`).join(', ')}:`);
    for (const from of component) {
      for (const [to, imports] of graph.get(from) ?? []) {
        if (!members.has(to)) continue;
        problems.push(`  ${from}/ -> ${to}/ (${imports.length} import${imports.length === 1 ? '' : 's'}):`, ...show(imports));
      }
    }
  }
  const rank = new Map(layout.layers.map((layer, index) => [layer, index]));
  const composition = new Set(layout.composition);
  for (const [from, edges] of graph) {
    if (composition.has(from)) continue;
    for (const [to, imports] of edges) {
      if (composition.has(to)) {
        problems.push(
          `${name}: ${from}/ imports ` +
            (to === ROOT ? `the composition root (files directly in ${name}):` : `${to}/, which composes the app:`),
        );
      } else if (rank.has(from) && !rank.has(to)) {
        problems.push(`${name}: the shared layer ${from}/ imports the feature ${to}/:`);
      } else if (rank.has(from) && /** @type {number} */ (rank.get(to)) > /** @type {number} */ (rank.get(from))) {
        problems.push(`${name}: the layer ${from}/ imports ${to}/, a layer above it (${layout.layers.join(' < ')}):`);
      } else continue;
      problems.push(...show(imports));
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  /** @type {Record<string, { layers: string[], composition: string[] }>} */
  const roots = {};
  for (let i = 2; i < process.argv.length; i += 1) {
    const [flag, value] = [process.argv[i], process.argv[i + 1] ?? ''];
    if (flag === '--root') roots[value] = { layers: [], composition: [ROOT] };
    const last = Object.values(roots).at(-1);
    if (flag === '--layers' && last) last.layers = value.split(',').filter(Boolean);
    if (flag === '--composition' && last) last.composition = [ROOT, ...value.split(',').filter(Boolean)];
    if (flag.startsWith('--')) i += 1;
  }
  const chosen = Object.keys(roots).length ? roots : LAYOUTS;
  const problems = Object.entries(chosen).flatMap(([root, layout]) => checkRoot(resolve(repo, root), layout));
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error('\nFolders must not import each other in a loop, and shared layers import only the layers below them');
    console.error('(docs/architecture.md, "Layers"): move the shared piece down a layer, or let the owner define a port.');
    process.exit(1);
  }
  console.log(`No folder loops; layers in order (${Object.keys(chosen).join(', ')}).`);
}
