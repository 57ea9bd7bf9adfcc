import { bootstrap } from './bootstrap';
import { StartupError } from './common/startup-error';
import { EnvError } from './config/env';

bootstrap({}, { handleSignals: true }).catch((error: Error) => {
  // Settings and missing services get one clear paragraph, not a stack trace.
  const expected = error instanceof EnvError || error instanceof StartupError;
  console.error(expected ? `\n${error.message}\n` : error);
  process.exit(1);
});
