import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { embeddedDatabaseUrl } from '../database/embedded-postgres';

/**
 * The URL of the embedded PostgreSQL when a running product (npm start without DATABASE_URL) already serves its data
 * folder: its postmaster.pid names a live process and the port. Null when none runs (a stale file after a crash
 * included): then the caller may start it. A command-line tool must not start a second server on the same folder.
 */
export function runningEmbeddedUrl(dir: string): string | null {
  let lines: string[];
  try {
    lines = readFileSync(join(resolve(dir), 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs as another user (the 'postgres' user when started by root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return embeddedDatabaseUrl(port);
}
