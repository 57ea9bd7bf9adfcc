import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The backend's front doors (docs/architecture.md, "Front doors"): a feature imports another feature only through
 * its folder's index.ts, and infrastructure (event store, projections, pipeline, ...) imports no feature at all. A
 * feature is a top-level folder of srcRoot with all its subfolders (codes/model/x.ts belongs to codes): its subfolders
 * import each other freely, as its top-level files do.
 * Test files may also import another feature's test helpers (*-fixtures, *.harness, *.test-kit).
 */
const INFRASTRUCTURE = new Set([
  'command-pipeline',
  'event-store',
  'projections',
  'database',
  'redis',
  'rendering',
  'common',
  'config',
  'http',
  'test-support',
  'cli',
]);
/** What wires features together (the module list, start-up, the command-line tools) may import any feature file. */
const COMPOSITION_ROOTS = /^(app\.module|bootstrap|main|worker)\.ts$/;
const COMPOSITION_FOLDERS = new Set(['cli']);
const TEST_FILE = /(\.spec|\.int-spec|\.harness|-fixtures|\.test-kit)\.ts$/;
const TEST_HELPER = /(\.harness|-fixtures|\.test-kit)(\.ts)?$/;

function areaOf(srcRoot, file) {
  const rel = relative(srcRoot, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? { name: parts[0], rest: parts.slice(1).join('/') } : { name: null, rest: parts[0] };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another backend feature only through its index.ts; infrastructure imports no feature' },
    schema: [{ type: 'object', properties: { srcRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      reachIn: "'{{from}}' reaches into the {{feature}} feature ('{{path}}'): import it from '{{door}}' (its index.ts) instead.",
      infrastructure: "Infrastructure '{{from}}' must not import the {{feature}} feature ('{{path}}').",
    },
  },
  create(context) {
    const srcRoot = resolve(context.options[0]?.srcRoot ?? 'backend/src');
    const file = context.filename;
    const here = areaOf(srcRoot, file);
    if (!here) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = areaOf(srcRoot, resolve(dirname(file), source));
      if (!target || target.name === null || target.name === here.name || INFRASTRUCTURE.has(target.name)) return;
      const from = relative(srcRoot, file);
      const viaFrontDoor = target.rest === '' || target.rest === 'index' || target.rest === 'index.ts';
      if (here.name === null || INFRASTRUCTURE.has(here.name)) {
        if ((here.name === null && COMPOSITION_ROOTS.test(here.rest)) || COMPOSITION_FOLDERS.has(here.name)) return;
        if (TEST_FILE.test(file) || here.name === 'test-support' || here.name === 'cli') {
          if (viaFrontDoor || TEST_HELPER.test(target.rest) || /\.module$/.test(target.rest) || /\.command$/.test(target.rest)) return;
        }
        if (here.name === 'cli' && viaFrontDoor) return;
        context.report({ node, messageId: 'infrastructure', data: { from, feature: target.name, path: source } });
        return;
      }
      if (viaFrontDoor) return;
      if (TEST_FILE.test(file) && TEST_HELPER.test(target.rest)) return;
      // The door as this file would write it: '../codes' from a feature's top level, '../../codes' from one of its subfolders.
      const door = relative(dirname(file), resolve(srcRoot, target.name)).split(sep).join('/');
      context.report({ node, messageId: 'reachIn', data: { from, feature: target.name, path: source, door } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
