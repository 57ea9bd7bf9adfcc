import cluster from 'node:cluster';
import { bootstrap } from './bootstrap';
import { apiProcesses, runCluster } from './cluster';
import { createRootLogger } from './common/logger';
import { StartupError } from './common/startup-error';
import { EnvError, parseEnv } from './config/env';

async function main() {
  // The settings are read here first, so that a refusal is said once rather than by every HTTP process.
  const env = parseEnv(process.env);
  const count = cluster.isPrimary ? apiProcesses(env) : 1;
  if (count > 1) {
    const logger = createRootLogger(env.LOG_LEVEL);
    await runCluster(env, count, (message) => logger.info(message));
  } else await bootstrap({}, { handleSignals: true });
}

main().catch((error: Error) => {
  // Settings and missing services get one clear paragraph, not a stack trace.
  const expected = error instanceof EnvError || error instanceof StartupError;
  console.error(expected ? `\n${error.message}\n` : error);
  process.exit(1);
});
