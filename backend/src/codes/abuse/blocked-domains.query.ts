import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ListQuery } from '../../common/list-query';
import { BlockedDomainEntity } from './blocked-domain.entity';

export type BlockedDomainSort = 'domain' | 'blockedAt';
export interface BlockedDomainFilter {
  q?: string;
  id?: string[];
}
export interface BlockedDomainRow {
  id: string;
  domain: string;
  reason: string;
  blockedBy: string | null;
  blockedAt: Date;
}

const COLUMNS: Record<BlockedDomainSort, string> = { domain: 'domain', blockedAt: 'blocked_at' };

/** Reads of the destination blocklist for the staff console (the table is small: no paging index beyond its key). */
@Injectable()
export class BlockedDomainsQuery {
  constructor(private readonly dataSource: DataSource) {}

  async list(query: ListQuery<BlockedDomainFilter, BlockedDomainSort>): Promise<{ rows: BlockedDomainRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.filter.q) {
      params.push(`%${query.filter.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
      where.push(`(domain LIKE $${params.length} OR lower(reason) LIKE $${params.length})`);
    }
    if (query.filter.id) {
      params.push(query.filter.id);
      where.push(`domain = ANY($${params.length})`);
    }
    const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM blocked_domains ${sql}`, params)) as {
      total: number;
    }[];
    const rows = (await this.dataSource
      .getRepository(BlockedDomainEntity)
      .query(
        `SELECT domain, reason, blocked_by AS "blockedBy", blocked_at AS "blockedAt" FROM blocked_domains ${sql} ` +
          `ORDER BY ${COLUMNS[query.sort.field]} ${query.sort.order}, domain LIMIT ${query.range.limit} OFFSET ${query.range.offset}`,
        params,
      )) as Omit<BlockedDomainRow, 'id'>[];
    return { rows: rows.map((row) => ({ id: row.domain, ...row })), total };
  }
}
