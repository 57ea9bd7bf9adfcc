import { bootstrap } from './bootstrap';
import { StartupError } from './common/startup-error';
import { EnvError } from './config/env';

/** The worker entry point: projections, scan ingester and queues, no HTTP (same as ROLE=worker). */
bootstrap({ ROLE: 'worker' }, { handleSignals: true }).catch((error: Error) => {
  const expected = error instanceof EnvError || error instanceof StartupError;
  console.error(expected ? `\n${error.message}\n` : error);
  process.exit(1);
});
