import type { Pool } from 'pg';
import { erasureStream, PERSONAL_DATA_ERASED } from './personal-data-erased';

/**
 * Issue 32: every erasure the log records, applied again to the key table, at each start (PostgreSQL event store).
 * A key table restored from a backup older than the events holds keys erased since; this erases them again before
 * anything reads an event. One statement; a key already erased is left alone, so a start with nothing restored
 * changes nothing. It finds the erasures by their streams (`personal-data-erasure-*` in event_streams, then each
 * stream's events by its key), not by scanning every event for the type. Returns how many keys it erased.
 */
export async function replayRecordedErasures(pool: Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE personal_data_keys k SET wrapped_key = NULL, erased_at = now()
     FROM (SELECT DISTINCT e.data->>'subject' AS subject FROM event_streams s JOIN events e ON e.stream_id = s.stream_id
       WHERE s.stream_id LIKE $2 AND e.type = $1) e
     WHERE (k.subject = e.subject OR k.owner = e.subject) AND k.erased_at IS NULL`,
    [PERSONAL_DATA_ERASED, `${erasureStream('')}%`],
  );
  return rowCount ?? 0;
}
