import { bootstrap } from './bootstrap';
import { EnvError } from './config/env';

bootstrap({}, { handleSignals: true }).catch((error: Error) => {
  // Settings and missing services get one clear paragraph, not a stack trace.
  const expected = error instanceof EnvError || /Redis is not reachable/.test(error.message);
  console.error(expected ? `\n${error.message}\n` : error);
  process.exit(1);
});
