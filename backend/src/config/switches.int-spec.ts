import { randomUUID } from 'node:crypto';
import { ProjectionsService } from '../projections/projections.service';
import { testEvents } from '../test-support/events';
import { startTestApp, TestApp } from '../test-support/test-app';

/**
 * The QRS_NO_* switches are settings like any other: given to bootstrap() (as the CLIs do), not only through
 * process.env, they keep the runners off. Before, the services read process.env themselves and ignored them.
 */
describe('QRS_NO_RUNNERS given to bootstrap()', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ QRS_NO_RUNNERS: '1', QRS_NO_INGESTER: '1', QRS_NO_MAIL: '1' });
  });
  afterAll(() => app?.close());

  it('starts no projection runner: none runs until one is started by hand, and a read model waits for it', async () => {
    expect(app.env).toMatchObject({ QRS_NO_RUNNERS: true, QRS_NO_INGESTER: true, QRS_NO_MAIL: true });
    const projections = app.app.get(ProjectionsService);
    expect(projections.runningHere()).toEqual([]);
    const [{ name }] = projections.list();
    const events = testEvents(app.app);
    const appended = await events.append(`switch-probe-${randomUUID()}`, [events.event('SwitchProbed', {})], 'no_stream');
    projections.resume(name);
    expect(projections.runningHere()).toEqual([name]);
    expect(await projections.waitFor(appended.position, [name], 20_000)).toBe(true);
  });
});
