import { Client } from 'pg';
import { StartupError } from '../common/startup-error';

const CONNECT_TIMEOUT_MS = 5000;

/** DATABASE_URL as it may be shown: without its password. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
}

const AFTER = 'then run npm start again. Without DATABASE_URL the product starts its own embedded PostgreSQL under .data/.';

/** One paragraph per way a database connection fails at start-up: what happened and what to do. */
export function databaseStartupError(url: string, error: unknown): StartupError {
  const shown = redactedUrl(url);
  let host = '?';
  let port = '5432';
  let user = 'postgres';
  let database = 'postgres';
  try {
    const parsed = new URL(url);
    host = parsed.hostname || 'localhost';
    port = parsed.port || '5432';
    user = decodeURIComponent(parsed.username) || 'postgres';
    database = decodeURIComponent(parsed.pathname.slice(1)) || user;
  } catch {
    return new StartupError(`DATABASE_URL is not a valid URL. Write it as postgres://user:password@host:5432/database, ${AFTER}`);
  }
  const code = (error as { code?: string } | null)?.code;
  const message = (error as Error | null)?.message ?? String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return new StartupError(
        `PostgreSQL is not reachable at ${host}:${port} (connection refused; DATABASE_URL=${shown}).\n` +
          'Start PostgreSQL, for example:\n' +
          '  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start   (Debian/Ubuntu)\n' +
          '  docker run -d -p 5432:5432 -e POSTGRES_PASSWORD=postgres postgres:16\n' +
          `or fix the host and port in DATABASE_URL, ${AFTER}`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `The database host "${host}" in DATABASE_URL cannot be found (DATABASE_URL=${shown}).\nCheck the host name in DATABASE_URL, ` +
          `${AFTER}`,
      );
    case '3D000':
      return new StartupError(
        `The database "${database}" does not exist on ${host}:${port} (DATABASE_URL=${shown}).\n` +
          `Create it:  createdb -h ${host} -p ${port} -U ${user} ${database}   (or CREATE DATABASE "${database}"; in psql)\n` +
          `or name an existing database in DATABASE_URL, ${AFTER}`,
      );
    case '28000':
      return new StartupError(
        `PostgreSQL on ${host}:${port} refused the role "${user}" (${message}; DATABASE_URL=${shown}).\n` +
          `Create the role (createuser -h ${host} -p ${port} --superuser ${user}), allow it in pg_hba.conf, or put an existing role in ` +
          `DATABASE_URL, ${AFTER}`,
      );
    case '28P01':
      return new StartupError(
        `PostgreSQL on ${host}:${port} refused the password of role "${user}" (DATABASE_URL=${shown}).\n` +
          `Put the role's password in DATABASE_URL (postgres://${user}:PASSWORD@${host}:${port}/${database}), or set it in psql with ` +
          `\\password ${user}, ${AFTER}`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new StartupError(
        `PostgreSQL at ${host}:${port} did not answer (${code}; DATABASE_URL=${shown}).\nCheck that the server runs and that this ` +
          `machine can reach it, ${AFTER}`,
      );
    default:
      if (/timeout/i.test(message)) {
        return new StartupError(
          `PostgreSQL at ${host}:${port} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s (DATABASE_URL=${shown}).\nCheck that the ` +
            `server runs and that this machine can reach it, ${AFTER}`,
        );
      }
      return new StartupError(
        `PostgreSQL at ${host}:${port} refused the connection: ${message} (DATABASE_URL=${shown}).\nFix DATABASE_URL or the server, ` +
          `${AFTER}`,
      );
  }
}

/** Start-up check, before migrations: a clear paragraph instead of a stack trace when the database cannot be used. */
export async function assertDatabaseReachable(url: string): Promise<void> {
  let client: Client;
  try {
    client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'qrsharks-startup-check' });
  } catch (error) {
    throw databaseStartupError(url, error);
  }
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw databaseStartupError(url, error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
