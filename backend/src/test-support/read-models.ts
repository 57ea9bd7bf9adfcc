import type { DataSource } from 'typeorm';
import type { ProjectionsService } from '../projections/projections.service';

/**
 * Every row of every registered projection's tables, as text, keyed `projection.table`: taken live and again after a
 * rebuild, two snapshots must be equal (rebuild-everything, personal-data-erasure).
 */
export async function snapshotReadModels(projections: ProjectionsService, dataSource: DataSource): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const projection of projections.list()) {
    for (const table of projection.tables) {
      const result = (await dataSource.query(`SELECT t::text AS row FROM "${table}" t ORDER BY 1`)) as { row: string }[];
      rows[`${projection.name}.${table}`] = result.map((row) => row.row);
    }
  }
  return rows;
}
