import type { DataSource, EntityManager } from 'typeorm';
import type { EventStore } from '../event-store/event-store';
import type { Projection } from './projection';
import { ProjectionRunner, readCheckpoint } from './projection-runner';

export interface RebuildProgress {
  read: number;
  total: number | null;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Index definitions of a table, keyed by their definition with the index name and schema taken out. */
async function indexesByShape(tx: Pick<EntityManager, 'query'>, schema: string, table: string): Promise<Map<string, string>> {
  const rows = (await tx.query('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [schema, table])) as {
    indexname: string;
    indexdef: string;
  }[];
  const shapes = new Map<string, string>();
  for (const row of rows) {
    const shape = row.indexdef.replace(/INDEX \S+ ON \S+\./, 'INDEX ON ').replace(/ ON ONLY \S+\./, ' ON ');
    shapes.set(shape, row.indexname);
  }
  return shapes;
}

/**
 * Replays a projection from position 0 into fresh copies of its tables (schema `rebuild_<name>`, unlogged while
 * they fill, through the projection's bulk hooks when it has them), while the live tables keep serving; then
 * swaps the copies in within one transaction and hands the live runner the new checkpoint. The live runner's
 * next compare-and-set fails, it reloads the checkpoint and carries on.
 */
export async function rebuildProjection(
  projection: Projection,
  store: EventStore,
  dataSource: DataSource,
  onProgress: (progress: RebuildProgress) => void = () => undefined,
): Promise<{ events: number; swappedAt: Date; swapMs: number }> {
  const schema = `rebuild_${projection.name.replace(/[^a-z0-9_]/gi, '_')}`.toLowerCase();
  const checkpointName = `${projection.name}@rebuild`;
  const total = await store.countAll();
  const bulk = !!(projection.prepareBulk && projection.applyBulk && projection.finishBulk);

  await dataSource.transaction(async (tx) => {
    await tx.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
    await tx.query(`CREATE SCHEMA ${ident(schema)}`);
    for (const table of projection.tables) {
      // Unlogged while it fills (no WAL for every upsert of the replay); made logged before the swap.
      await tx.query(`CREATE UNLOGGED TABLE ${ident(schema)}.${ident(table)} (LIKE public.${ident(table)} INCLUDING ALL)`);
    }
    await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [checkpointName]);
    if (bulk) {
      await tx.query(`SET LOCAL search_path TO ${ident(schema)}, public`);
      await projection.prepareBulk!(tx);
    }
  });

  const shadow = new ProjectionRunner(projection, store, dataSource, { checkpointName, schema, batchSize: bulk ? 5000 : 2000, bulk });
  let read = await shadow.catchUp((count) => onProgress({ read: count, total }));
  if (bulk) {
    await dataSource.transaction(async (tx) => {
      await tx.query(`SET LOCAL search_path TO ${ident(schema)}, public`);
      await tx.query(`SET LOCAL work_mem TO '256MB'`);
      await projection.finishBulk!(tx);
    });
  }
  for (const table of projection.tables) await dataSource.query(`ALTER TABLE ${ident(schema)}.${ident(table)} SET LOGGED`);

  // Swap: lock the live tables first (waits for an in-flight live batch), then the live checkpoint row. A live batch
  // that already wrote one table and waits for another the swap has locked is a deadlock PostgreSQL breaks by
  // aborting one side: the runner retries its batch, and the swap (all or nothing) is tried again.
  let swapMs = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const swapStarted = Date.now();
      read += await swap();
      swapMs = Date.now() - swapStarted;
      break;
    } catch (error) {
      if ((error as { driverError?: { code?: string }; code?: string }).driverError?.code !== '40P01' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  const swappedAt = new Date();
  onProgress({ read, total });
  return { events: read, swappedAt, swapMs };

  async function swap(): Promise<number> {
    let applied = 0;
    await dataSource.transaction(async (tx) => {
      for (const table of projection.tables) await tx.query(`LOCK TABLE public.${ident(table)} IN ACCESS EXCLUSIVE MODE`);
      await readCheckpoint(tx, projection.name);
      await tx.query('SELECT 1 FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);

      // Events that arrived since the shadow caught up, applied inside the swap so nothing falls between.
      await tx.query(`SET LOCAL search_path TO ${ident(schema)}, public`);
      let checkpoint = await readCheckpoint(tx, checkpointName);
      for (;;) {
        const events = await store.readAll({ after: checkpoint, maxCount: 2000 });
        if (events.length === 0) break;
        const relevant = events.filter((event) => projection.eventTypes.includes(event.type));
        if (relevant.length) await projection.apply(relevant, tx);
        checkpoint = events[events.length - 1].position;
        applied += events.length;
      }
      await tx.query('SET LOCAL search_path TO public');

      const retired = `${schema}_retired`;
      await tx.query(`DROP SCHEMA IF EXISTS ${ident(retired)} CASCADE`);
      await tx.query(`CREATE SCHEMA ${ident(retired)}`);
      for (const table of projection.tables) {
        const liveIndexes = await indexesByShape(tx, 'public', table);
        await tx.query(`ALTER TABLE public.${ident(table)} SET SCHEMA ${ident(retired)}`);
        await tx.query(`ALTER TABLE ${ident(schema)}.${ident(table)} SET SCHEMA public`);
        // Keep the migration-given index and constraint names, so later migrations still find them.
        const newIndexes = await indexesByShape(tx, 'public', table);
        for (const [shape, newName] of newIndexes) {
          const oldName = liveIndexes.get(shape);
          if (oldName && oldName !== newName) await tx.query(`ALTER INDEX public.${ident(newName)} RENAME TO ${ident(oldName)}`);
        }
      }
      await tx.query(`UPDATE projection_checkpoints SET commit_position = $2, prepare_position = $3, updated_at = now() WHERE name = $1`, [
        projection.name,
        checkpoint.commit.toString(),
        checkpoint.prepare.toString(),
      ]);
      await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [checkpointName]);
      await tx.query(`DROP SCHEMA ${ident(retired)} CASCADE`);
      await tx.query(`DROP SCHEMA ${ident(schema)} CASCADE`);
    });
    return applied;
  }
}
