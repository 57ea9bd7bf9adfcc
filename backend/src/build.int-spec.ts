import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const BACKEND = join(__dirname, '..');
const TEST_CODE = /(\.spec|\.int-spec|\.contract|\.harness|-fixtures|\.test-kit)\.ts$|\/test-support\//;

/** What `npm run build` compiles into backend/dist: product code only, never a test, harness, fixture or kit. */
describe('the backend build', () => {
  it('compiles no test code into dist (nothing the product imports pulls a test helper in)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--listFilesOnly'],
      { cwd: BACKEND, maxBuffer: 32 * 1024 * 1024 },
    );
    const ours = stdout.split('\n').filter((file) => file.startsWith(join(BACKEND, 'src')));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((file) => TEST_CODE.test(file))).toEqual([]);
  }, 120_000);
});
