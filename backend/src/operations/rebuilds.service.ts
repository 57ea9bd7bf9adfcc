import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../accounts';
import { DomainError } from '../common/domain-error';
import { ProjectionRecords } from '../projections/projection-records';
import { ProjectionsService } from '../projections/projections.service';
import { PROJECTION_NOT_FOUND, REBUILD_NOT_FOUND, rebuildRow, type RebuildAnswer } from './operations.answers';
import type { RebuildsQuery } from './operations.schemas';

/**
 * Rebuild requests (issue 19): recorded here, carried out by the worker role's RebuildWorker
 * (projections/rebuild-worker.ts), never by the HTTP request; listed with their progress.
 */
@Injectable()
export class RebuildsService {
  constructor(
    private readonly records: ProjectionRecords,
    private readonly projections: ProjectionsService,
  ) {}

  /** Records the request; a worker carries it out (never this HTTP request). 409 while one is requested or running. */
  async requestRebuild(admin: AuthUser, name: string): Promise<RebuildAnswer> {
    if (!this.projections.get(name)) throw DomainError.notFound(PROJECTION_NOT_FOUND);
    const record = await this.records.requestRebuild({
      id: randomUUID(),
      projection: name,
      requestedBy: admin.id,
      requestedByEmail: admin.email,
    });
    if (!record) throw new DomainError('conflict', `A rebuild of ${name} is already requested or running.`);
    return rebuildRow(record);
  }

  async rebuilds(query: RebuildsQuery): Promise<{ rows: RebuildAnswer[]; total: number }> {
    const { rows, total } = await this.records.rebuilds(
      { projection: query.filter.projection, state: query.filter.state, ids: query.filter.id },
      { order: query.sort.order === 'ASC' ? 'ASC' : 'DESC', limit: query.range.limit, offset: query.range.offset },
    );
    return { rows: rows.map(rebuildRow), total };
  }

  async rebuild(id: string): Promise<RebuildAnswer> {
    const record = await this.records.rebuild(id);
    if (!record) throw DomainError.notFound(REBUILD_NOT_FOUND);
    return rebuildRow(record);
  }
}
