/**
 * Whether an error means the database cannot be used right now (restarting, unreachable, out of connections), as
 * opposed to a bug or bad input: such a request is answered 503 and the client retries; nothing is wrong with it.
 */
const UNAVAILABLE_CODES = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown (a restart terminated the connection)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = new RegExp(
  '^(' +
    [
      'Connection terminated',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error',
      'Client was closed and is not queryable',
      'Connection is not established',
      'database "[^"]*" is not currently accepting connections',
      'the database system is (starting up|shutting down|in recovery mode)',
    ].join('|') +
    ')',
);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    // TypeORM wraps the driver's error; Error.cause chains others.
    current = (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How long a request waits for a pooled connection before it is answered 503 (instead of hanging while the database is down). */
export const CONNECT_TIMEOUT_MS = 5000;
