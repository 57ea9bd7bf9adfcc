import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { runScript, scratchFolders } from './test-support/lint-scripts';

const check = (args: string[]) => runScript('check-licences.mjs', args);

type Entry = Record<string, unknown>;

/** A synthetic workspace tree: backend depends on express (MIT) which depends on a nested `helper`. */
function lock(extra: Record<string, Entry> = {}, backendDeps: Record<string, string> = {}): Record<string, Entry> {
  return {
    '': { name: 'root', workspaces: ['backend', 'frontend'], devDependencies: { linter: '^1' } },
    backend: { name: '@x/backend', dependencies: { express: '^5', ...backendDeps }, devDependencies: { tester: '^1' } },
    frontend: { name: '@x/frontend', dependencies: { react: '^19', '@x/shared': '*' } },
    'node_modules/@x/shared': { resolved: 'shared', link: true },
    shared: { name: '@x/shared', dependencies: { tiny: '^1' } },
    'node_modules/tiny': { version: '1.0.0', license: '(MIT OR GPL-3.0)' },
    'node_modules/express': { version: '5.0.0', license: 'MIT', dependencies: { helper: '^2' } },
    'node_modules/express/node_modules/helper': { version: '2.0.0', license: 'ISC' },
    'node_modules/helper': { version: '1.0.0', license: 'AGPL-3.0-only' },
    'node_modules/react': {
      version: '19.0.0',
      license: 'MIT',
      peerDependencies: { scheduler: '*', devtools: '*' },
      peerDependenciesMeta: { devtools: { optional: true } },
    },
    'node_modules/react/node_modules/scheduler': { version: '1.0.0', license: 'Apache-2.0 AND BSD-3-Clause' },
    'node_modules/linter': { version: '1.0.0', license: 'GPL-3.0-only', dev: true },
    'node_modules/tester': { version: '1.0.0', license: 'AGPL-3.0-or-later', dev: true },
    ...extra,
  };
}

describe('scripts/check-licences.mjs (part of npm run lint)', () => {
  const scratch = scratchFolders('licences-');

  const write = (packages: Record<string, Entry>, exceptions: Record<string, Entry> = {}) => {
    writeFileSync(join(scratch.dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages }));
    writeFileSync(join(scratch.dir, 'exceptions.json'), JSON.stringify({ packages: exceptions }));
    return ['--root', scratch.dir, '--exceptions', join(scratch.dir, 'exceptions.json')];
  };

  it('passes the repository as it is', async () => {
    const run = await check([]);
    expect(run.out).toMatch(/Licence check: \d+ production packages of backend,frontend, all under allowed licences/);
    expect(run.code).toBe(0);
  });

  it('passes a tree whose production closure is permissive, whatever its dev-only packages are', async () => {
    const run = await check(write(lock()));
    expect(run.out).toContain('Licence check: 5 production packages');
    expect(run.code).toBe(0);
  });

  it('fails on an AGPL package that the product ships, naming it and where it comes from', async () => {
    const run = await check(write(lock({}, { helper: '^1' })));
    expect(run.code).toBe(1);
    expect(run.out).toContain('helper@1.0.0: licence AGPL-3.0-only is not allowed (reached from backend)');
  });

  it('follows linked workspaces, nested copies and optional and peer dependencies', async () => {
    const agpl = { license: 'AGPL-3.0-or-later' };
    const nested = await check(write(lock({ 'node_modules/express/node_modules/helper': { version: '2.0.0', ...agpl } })));
    expect(nested.out).toContain('helper@2.0.0: licence AGPL-3.0-or-later is not allowed (reached from backend)');
    const linked = await check(write(lock({ 'node_modules/tiny': { version: '1.0.0', license: 'GPL-3.0 AND MIT' } })));
    expect(linked.out).toContain('tiny@1.0.0: licence GPL-3.0 AND MIT is not allowed (reached from frontend)');
    const peer = await check(write(lock({ 'node_modules/react/node_modules/scheduler': { version: '1.0.0', ...agpl } })));
    expect(peer.out).toContain('scheduler@1.0.0: licence AGPL-3.0-or-later is not allowed (reached from frontend)');
    const optional = { express: { version: '5.0.0', license: 'MIT', optionalDependencies: { native: '^1', absent: '^1' } } };
    const withNative = lock({
      'node_modules/express': optional['express'],
      'node_modules/native': { version: '1.0.0', license: 'SSPL-1.0' },
    });
    const native = await check(write(withNative));
    expect(native.out).toContain('native@1.0.0: licence SSPL-1.0 is not allowed (reached from backend)');
    expect(native.out).not.toContain('absent');
    expect([nested.code, linked.code, peer.code, native.code]).toEqual([1, 1, 1, 1]);
  });

  it('fails on a package with no licence or a licence that is not SPDX, unless an exception records it with a reason', async () => {
    const odd = lock({
      'node_modules/express/node_modules/helper': { version: '2.0.0' },
      'node_modules/tiny': { version: '1', license: 'BSD' },
    });
    const bare = await check(write(odd));
    expect(bare.code).toBe(1);
    expect(bare.out).toContain('helper@2.0.0: licence UNKNOWN is not allowed');
    expect(bare.out).toContain('tiny@1: licence BSD is not allowed');
    const excused = await check(
      write(odd, {
        helper: { license: 'UNKNOWN', reason: 'MIT text in its readme' },
        tiny: { license: 'BSD', reason: 'BSD-3-Clause text' },
      }),
    );
    expect(excused.code).toBe(0);
    const wrongLicence = await check(write(odd, { helper: { license: 'MIT', reason: 'r' }, tiny: { license: 'BSD', reason: 'r' } }));
    expect(wrongLicence.out).toContain('helper@2.0.0: licence UNKNOWN is not allowed');
    const noReason = await check(write(odd, { helper: { license: 'UNKNOWN' }, tiny: { license: 'BSD', reason: 'r' } }));
    expect([wrongLicence.code, noReason.code]).toEqual([1, 1]);
  });
});
