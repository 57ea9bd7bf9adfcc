import { bootstrap } from './bootstrap';
import { EnvError } from './config/env';

/** The worker entry point: projections, scan ingester and queues, no HTTP (same as ROLE=worker). */
bootstrap({ ROLE: 'worker' }, { handleSignals: true }).catch((error: Error) => {
  const expected = error instanceof EnvError || /Redis is not reachable/.test(error.message);
  console.error(expected ? `\n${error.message}\n` : error);
  process.exit(1);
});
