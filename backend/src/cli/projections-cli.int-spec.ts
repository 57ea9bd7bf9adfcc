import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AdvisoryLocks } from '../projections/advisory-locks';
import { REBUILD_LOCK } from '../projections/rebuild-worker';
import { startTestApp, TestApp } from '../test-support/test-app';

const run = promisify(execFile);
const BACKEND = join(__dirname, '..', '..');

describe('npm run projections', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const cli = (...args: string[]) =>
    run(process.execPath, ['-r', '@swc-node/register', 'src/cli/projections.ts', ...args], {
      cwd: BACKEND,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.json',
        DATABASE_URL: app.db.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: app.env.REDIS_URL,
      },
      timeout: 60_000,
    });

  it('status prints every projection with its checkpoint and lag', async () => {
    const { stdout } = await cli('status');
    expect(stdout).toMatch(/^clients\s+\d+\/\d+\s+\d+$/m);
    expect(stdout).toContain('dead letters: 0');
  });

  it('rebuild <name> replays into fresh tables, swaps them in, and the read model answers the same', async () => {
    const before = await fetch(`${app.url}/api/white-label/config`).then((res) => res.json());
    const { stdout, stderr } = await cli('rebuild', 'clients');
    expect(stdout).toMatch(/clients: rebuilt from \d+ events in [\d.]+ s and swapped in/);
    expect(stderr).toContain('100.0%');
    expect(await fetch(`${app.url}/api/white-label/config`).then((res) => res.json())).toEqual(before);
  });

  it('rebuild waits its turn: while another rebuild holds the lock (a worker carrying out a console request) it refuses', async () => {
    const locks = new AdvisoryLocks(app.db.url, 'test-rebuild-lock');
    expect(await locks.tryLock(REBUILD_LOCK, () => undefined)).toBe(true);
    try {
      await expect(cli('rebuild', 'clients')).rejects.toMatchObject({
        stderr: expect.stringContaining('Another rebuild is running'),
      });
    } finally {
      await locks.close();
    }
  });

  it('rebuild of an unknown projection says which exist', async () => {
    await expect(cli('rebuild', 'nope')).rejects.toMatchObject({
      stderr: expect.stringContaining("Unknown projection 'nope'. Known: clients"),
    });
  });
});
