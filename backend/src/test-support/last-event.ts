import type { DataSource } from 'typeorm';
import type { AllPosition } from '../event-store/event-store';

/**
 * The $all position of the newest committed event, visible or not yet. `headPosition()` answers only what
 * readers of $all may see, which lags while any transaction in the cluster (another test file's) is open: a
 * test that waits for its projections must wait for this one.
 */
export async function lastEventPosition(dataSource: DataSource): Promise<AllPosition | null> {
  const [row] = (await dataSource.query(
    'SELECT transaction_id::text AS commit, position::text AS position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1',
  )) as { commit: string; position: string }[];
  return row ? { commit: BigInt(row.commit), prepare: BigInt(row.position) } : null;
}
