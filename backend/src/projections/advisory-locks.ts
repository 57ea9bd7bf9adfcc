import { Client } from 'pg';

/**
 * Session-level advisory locks of one process on ONE connection (not one per projection): a process holds a lock
 * per projection it runs, and connections are the database server's scarcest resource (max_connections).
 * When the connection is lost, PostgreSQL drops every lock it held: each holder hears it through `onLost`.
 */
export class AdvisoryLocks {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private readonly held = new Map<string, () => void>();
  private closed = false;
  /** One query at a time on the shared connection (pg deprecates queueing them on a client). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly connectionString: string,
    private readonly applicationName = 'qrsharks-locks',
  ) {}

  /** True when this process now holds `key` (it may already have); `onLost` runs once if the connection drops. */
  async tryLock(key: string, onLost: () => void): Promise<boolean> {
    if (this.held.has(key)) return true;
    const { client, rows } = await this.serially(async () => {
      const connection = await this.connection();
      return {
        client: connection,
        rows: (await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [key])).rows,
      };
    });
    if (!rows[0]?.locked) return false;
    if (this.client !== client) {
      // The connection was replaced while we asked: the lock went with the old one.
      return false;
    }
    this.held.set(key, onLost);
    return true;
  }

  async unlock(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    const client = this.client;
    if (!client) return;
    await this.serially(() => client.query('SELECT pg_advisory_unlock(hashtext($1))', [key])).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    if (this.client) await this.disconnect(this.client);
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private connection(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error('Advisory locks are closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new Client({ connectionString: this.connectionString, application_name: this.applicationName });
      // Lost connection (server restart, terminated backend): every lock is gone; tell each holder once.
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
      } catch (error) {
        this.connecting = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    const holders = [...this.held.values()];
    this.held.clear();
    for (const onLost of holders) onLost();
    client.end().catch(() => undefined);
  }

  private async disconnect(client: Client): Promise<void> {
    if (this.client === client) this.client = null;
    await client.end().catch(() => undefined);
  }
}
