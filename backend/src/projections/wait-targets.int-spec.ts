import { ACCOUNT_CONTENT, USERS_PROJECTION } from '../accounts';
import { CODE_REDIRECTS, CODES_PROJECTION, UPLOADED_FILES_PROJECTION } from '../codes';
import { SCAN_TARGETS_PROJECTION } from '../scans';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { ProjectionsService } from './projections.service';

/**
 * What commands wait for (issue 29 item 1): a projection's name from its owner's front door, or a role a lower feature
 * declares and higher features' projections serve. The roles name exactly the projections the commands named by
 * string before (delete account: codes, scan_targets, uploaded-files; a code's password, suspension and the
 * blocklist: scan_targets), and a name no projection has is refused at once instead of waited on until the bound.
 */
describe('ProjectionsService.waitFor targets', () => {
  let app: TestApp;
  let projections: ProjectionsService;
  beforeAll(async () => {
    app = await startTestApp();
    projections = app.app.get(ProjectionsService);
  });
  afterAll(() => app.close());

  it("expands a role to the registered projections that serve it, and keeps each owner's name", () => {
    expect(projections.resolve([CODE_REDIRECTS])).toEqual([SCAN_TARGETS_PROJECTION]);
    expect(projections.resolve([ACCOUNT_CONTENT]).sort()).toEqual(
      // api_keys and webhooks (issue 34) and batches (issue 35) drop a deleted account's rows too.
      [CODES_PROJECTION, SCAN_TARGETS_PROJECTION, UPLOADED_FILES_PROJECTION, 'api_keys', 'webhooks', 'batches'].sort(),
    );
    expect(projections.resolve([USERS_PROJECTION, ACCOUNT_CONTENT, CODES_PROJECTION])).toHaveLength(7);
  });

  it('refuses a name no projection has at once, rather than polling a checkpoint nobody writes until the bound', async () => {
    const started = Date.now();
    await expect(projections.waitFor({ commit: 0n, prepare: 0n }, ['scan-targets'], 3000)).rejects.toThrow(
      "No projection named 'scan-targets' is registered",
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for a role like for the names behind it: caught up once they have passed the position', async () => {
    await expect(projections.waitFor({ commit: 0n, prepare: 0n }, [CODE_REDIRECTS, ACCOUNT_CONTENT], 5000)).resolves.toBe(true);
  });
});
