import { postMultipart } from '../codes/codes.test-kit';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ProjectionsService } from '../projections/projections.service';
import { TestClient } from '../test-support/http';
import { startTestApp, TestApp } from '../test-support/test-app';
import { signUp } from '../test-support/users';
import { BROWSER_UA } from './scan-fixtures';
import { letTimePass } from '../test-support/until';

/**
 * Right after a create, /d/{code} must not answer 404 because the redirect's read model (scan_targets) has not applied
 * the code yet (issue 18): a miss whose short code the event store holds waits, bounded, for the projection.
 */
describe('/d/{code} while scan_targets lags behind a create', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('a scan of a just-created code waits for the read model and redirects; an unknown code is 404 at once', async () => {
    const owner = new TestClient(app.url);
    await signUp(owner);
    const projections = app.app.get(ProjectionsService);
    const pipeline = app.app.get(CommandPipeline);
    await projections.pause('scan_targets');
    pipeline.setWaitBound(100);
    try {
      const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/fresh' });
      expect(created.status).toBe(201);
      const scanner = new TestClient(app.url);
      const scan = (code: string) => scanner.request('GET', `/d/${code}`, { headers: { 'user-agent': BROWSER_UA } });

      expect((await scan('zzzzzzzz')).status).toBe(404);
      const pending = scan(created.body.shortCode as string);
      // The projection comes back a moment later (a busy worker): the scan is answered once it has the code. The pause is
      // the behaviour under test (the redirect waiting for a lagging read model), not a wait for a condition.
      await letTimePass(300, 'the read model lags: the pause is the behaviour under test');
      projections.resume('scan_targets');
      const res = await pending;
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://example.com/fresh');
    } finally {
      projections.resume('scan_targets');
      pipeline.setWaitBound(5000);
    }
  });
  it('a destination edit, a pause and a resume answer once /d/ says so: the next scan gets them while scan_targets lags', async () => {
    const owner = new TestClient(app.url);
    await signUp(owner);
    const created = await postMultipart(owner, '/api/dynamic-qrcodes', { qrType: 'url', destination: 'https://example.com/before' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const scanner = new TestClient(app.url);
    const scan = () => scanner.request('GET', `/d/${created.body.shortCode}`, { headers: { 'user-agent': BROWSER_UA } });
    expect((await scan()).headers.location).toBe('https://example.com/before'); // cached by the redirect from here on

    const projections = app.app.get(ProjectionsService);
    // Each change is made while the redirect's read model is held back (a busy worker), and it comes back 300 ms later:
    // the answer must wait for it, as routing saves do, so that the scan right after the answer sees the change.
    const whileLagging = async <T>(change: () => Promise<T>): Promise<T> => {
      await projections.pause('scan_targets');
      const answer = change();
      await letTimePass(300, 'the read model lags: the pause is the behaviour under test');
      projections.resume('scan_targets');
      return answer;
    };
    try {
      const edited = await whileLagging(() => owner.put(`/api/dynamic-qrcodes/${id}`, { destination: 'https://example.com/after' }));
      expect(edited.status).toBe(200);
      expect((await scan()).headers.location).toBe('https://example.com/after');

      expect((await whileLagging(() => owner.post(`/api/dynamic-qrcodes/${id}/pause`))).status).toBe(200);
      const paused = await scan();
      expect(paused.status).toBe(200);
      expect(paused.headers.location).toBeUndefined();

      expect((await whileLagging(() => owner.post(`/api/dynamic-qrcodes/${id}/resume`))).status).toBe(200);
      expect((await scan()).headers.location).toBe('https://example.com/after');

      expect((await whileLagging(() => owner.delete(`/api/dynamic-qrcodes/${id}`))).status).toBeLessThan(300);
      expect((await scan()).status).toBe(404);
    } finally {
      projections.resume('scan_targets');
    }
  });
});
