import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { runScript, scratchFolders } from './test-support/lint-scripts';

/** scripts/check-folder-cycles.mjs, the folder-level loop and layer check `npm run lint` runs (issue 29, item 2). */
const check = (args: string[] = []) => runScript('check-folder-cycles.mjs', args);
const scratch = scratchFolders('folder-cycles-');
const tree = scratch.tree;

describe('folder-level import loops (scripts/check-folder-cycles.mjs)', () => {
  it("the product's own trees, backend/src and frontend/src, have no folder loop and keep their layers' order", async () => {
    const run = await check();
    expect(run.out).toContain('No folder loops');
    expect(run.code).toBe(0);
  });

  it('passes a tree whose folders import one way', async () => {
    const root = tree({
      'a/x.ts': "import { y } from '../b/y';\nexport const x = y;\n",
      'b/y.ts': "import { z } from './z';\nexport const y = z;\n",
      'b/z.ts': 'export const z = 1;\n',
    });
    expect(await check(['--root', root])).toMatchObject({ code: 0 });
  });

  it('fails a loop between two folders that no file-level check sees (a/x -> b/y, b/z -> a/w), naming each import', async () => {
    const root = tree({
      'a/x.ts': "import { y } from '../b/y';\nexport const x = y;\n",
      'a/w.ts': 'export const w = 1;\n',
      'b/y.ts': 'export const y = 1;\n',
      'b/z.ts': "import { w } from '../a/w.js';\nexport const z = w;\n",
    });
    const run = await check(['--root', root]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('folder loop between a/, b/');
    expect(run.out).toMatch(/a\/ -> b\/ \(1 import\):\n\s+\S*a\/x\.ts -> '\.\.\/b\/y'/);
    expect(run.out).toMatch(/b\/ -> a\/ \(1 import\):\n\s+\S*b\/z\.ts -> '\.\.\/a\/w\.js'/);
  });

  it('counts type-only imports, re-exports, front doors and lazy import() as arrows; leaves tests and test-support out', async () => {
    const loop = {
      'a/index.ts': "export { x } from './x';\n",
      'a/x.ts': "import type { Y } from '../b/y';\nexport const x: Y | null = null;\n",
      'b/y.ts': 'export type Y = number;\nexport const load = () => import("../c/page");\n',
      'c/page.ts': "import { x } from '../a';\nexport const page = x;\n",
    };
    const run = await check(['--root', tree(loop)]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('folder loop between a/, b/, c/');

    rmSync(join(scratch.dir, 'c'), { recursive: true });
    const tests = tree({
      'b/y.spec.ts': "import { x } from '../a';\n",
      'test-support/app.ts': "import { x } from '../a';\nimport { load } from '../b/y';\n",
    });
    expect(await check(['--root', tests])).toMatchObject({ code: 0 });
  });

  it('fails a shared layer that imports a layer above it or a feature, and anything that imports the composition root', async () => {
    const root = tree({
      'common/error.ts': 'export class Failure extends Error {}\n',
      'common/up.ts': "import { run } from '../pipeline/run';\nexport const up = run;\n",
      'pipeline/run.ts': "import { Failure } from '../common/error';\nexport const run = () => Failure;\n",
      'pipeline/feature.ts': "import { code } from '../codes/code';\nexport const f = code;\n",
      'codes/code.ts': "import { run } from '../pipeline/run';\nexport const code = run;\n",
      'codes/boot.ts': "import { start } from '../main';\nexport const boot = start;\n",
      'main.ts': "import { code } from './codes/code';\nexport const start = code;\n",
    });
    const run = await check(['--root', root, '--layers', 'common,pipeline']);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/the layer common\/ imports pipeline\/, a layer above it \(common < pipeline\):\n\s+\S*common\/up\.ts/);
    expect(run.out).toMatch(/the shared layer pipeline\/ imports the feature codes\/:\n\s+\S*pipeline\/feature\.ts/);
    expect(run.out).toMatch(/codes\/ imports the composition root .*:\n\s+\S*codes\/boot\.ts/);
  });
});
