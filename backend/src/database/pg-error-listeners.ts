import type { Client, Pool, PoolClient } from 'pg';

/**
 * Every pg pool and client the product or a test creates has an 'error' listener (the rule since issue 13): a
 * connection the server ends between queries (a restart, `pg_terminate_backend`, `DROP DATABASE ... WITH (FORCE)`:
 * 57P01) emits 'error', and an 'error' event nobody listens to ends the process (in Jest: "Unhandled error"). A pool
 * forwards an idle connection's error to its own 'error' event; a checked-out connection emits on itself, so each new
 * connection gets a listener too (pg-pool hands it out a tick after it is ready). The next query on a lost connection
 * fails as usual, and the pool replaces it. `src/database/pg-error-listeners.spec.ts` finds constructions without one.
 */
export function poolWithErrorListener<T extends Pool>(pool: T, onError: (error: Error) => void = () => undefined): T {
  pool.on('error', (error) => onError(error));
  pool.on('connect', (client: PoolClient) => client.on('error', () => undefined));
  return pool;
}

/** The same for a single client: an error between its queries is handed to `onError` instead of ending the process. */
export function clientWithErrorListener<T extends Client>(client: T, onError: (error: Error) => void = () => undefined): T {
  client.on('error', (error) => onError(error));
  return client;
}
