import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DomainError } from '../common/domain-error';
import { CLIENT_NOT_FOUND, type ClientState } from './client';
import { ClientEntity } from './client.entity';
import { DEFAULT_CLIENT_ID } from './client.events';
import { fieldOf } from './tenant-host';
import type { ClientAnswer } from './tenants.answers';

export const STAFF_ONLY = 'Only the staff of the default brand can manage white-label clients';

export const CLIENT_SORTABLE = ['id', 'name', 'createdAt', 'updatedAt'] as const;
export interface ClientsPageQuery {
  filter: { q?: string; id?: number[]; isActive?: boolean };
  sort: { field: (typeof CLIENT_SORTABLE)[number]; order: 'ASC' | 'DESC' };
  range: { offset: number; limit: number };
}

/** A client as the routes answer it: the documented schema's type (tenants.answers.ts). */
export type ClientDto = ClientAnswer;

const rowToDto = (row: ClientEntity): ClientDto => ({
  id: row.id,
  name: row.name,
  customDomain: row.customDomain,
  subdomain: row.subdomain,
  logoUrl: row.logoUrl,
  primaryColor: row.primaryColor,
  secondaryColor: row.secondaryColor,
  customFavicon: row.customFavicon,
  removeQRCodeSharksBranding: row.removeQRCodeSharksBranding,
  customCSS: row.customCSS,
  isActive: row.isActive,
  apiKey: row.apiKey,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A command's answer, from the client's state after its events: the same values the clients row will hold (the
 * projection copies the fields and the events' occurredAt), so a projection that lags changes nothing for the caller.
 */
export function stateToDto(id: number, state: ClientState): ClientDto {
  if (!state.fields || !state.apiKey || !state.createdAt || !state.updatedAt) throw new Error(`Client ${id} has no ClientCreated event`);
  return {
    id,
    ...state.fields,
    apiKey: state.apiKey,
    createdAt: new Date(state.createdAt).toISOString(),
    updatedAt: new Date(state.updatedAt).toISOString(),
  };
}

/**
 * Who sends a client command: a signed-in member of staff, by id and tenant (accounts' AuthUser is one). Tenants sit
 * below accounts (accounts' Google sign-in asks TenantsService for the tenant's origin), so they name no accounts type.
 */
export interface StaffActor {
  id: string;
  tenantId: number;
}

/** The route guard lets support and admin in; only those of the default brand manage the other brands. */
export function assertStaff(user: StaffActor): void {
  if (user.tenantId !== DEFAULT_CLIENT_ID) throw DomainError.forbidden(STAFF_ONLY);
}

/** The white-label clients read model: the list, and the name check the client commands make against it. */
@Injectable()
export class ClientsService {
  constructor(private readonly dataSource: DataSource) {}

  /** GET /api/white-label/clients: live clients, newest first; `scope` null for every client, else that one tenant. */
  async list(scope: number | null): Promise<ClientDto[]> {
    const rows = await this.dataSource
      .getRepository(ClientEntity)
      .find({ where: { isDeleted: false, ...(scope === null ? {} : { id: scope }) }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(rowToDto);
  }

  /**
   * The staff console's page of live clients (GET /api/admin/clients): `scope` null for the default brand's staff (every
   * client), else the one tenant the caller belongs to. `q` matches the name and both host names.
   */
  async page(query: ClientsPageQuery, scope: number | null): Promise<{ rows: ClientDto[]; total: number }> {
    const where = ['NOT is_deleted'];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (scope !== null) where.push(`id = ${param(scope)}`);
    const { q, id, isActive } = query.filter;
    if (q) {
      const like = param(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(name ILIKE ${like} OR subdomain ILIKE ${like} OR custom_domain ILIKE ${like})`);
    }
    if (id) where.push(`id = ANY(${param(id)}::int[])`);
    if (isActive !== undefined) where.push(`is_active = ${param(isActive)}`);
    const column = { id: 'id', name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' }[query.sort.field];
    const order = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    const clause = where.join(' AND ');
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM clients WHERE ${clause}`, params)) as {
      total: number;
    }[];
    const ids = (await this.dataSource.query(
      `SELECT id FROM clients WHERE ${clause} ORDER BY ${column} ${order}, id ${order} LIMIT ${param(query.range.limit)} OFFSET ${param(
        query.range.offset,
      )}`,
      params,
    )) as { id: number }[];
    if (!ids.length) return { rows: [], total };
    const rows = await this.dataSource.getRepository(ClientEntity).find({ where: { id: In(ids.map((row) => row.id)) } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      rows: ids
        .map((row) => byId.get(row.id))
        .filter((row): row is ClientEntity => !!row)
        .map(rowToDto),
      total,
    };
  }

  /** One live client within the caller's reach (404 outside it, like an unknown id). */
  async one(id: number, scope: number | null): Promise<ClientDto> {
    const row = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id, isDeleted: false } });
    if (!row || (scope !== null && row.id !== scope)) throw DomainError.notFound(CLIENT_NOT_FOUND);
    return rowToDto(row);
  }

  /** Clients made before reservations existed (seeds, imports) hold names without a reservation stream. */
  async heldByAnother(host: string, clientId: number): Promise<boolean> {
    const column = fieldOf(host) === 'subdomain' ? 'subdomain' : 'custom_domain';
    const rows = (await this.dataSource.query(`SELECT id FROM clients WHERE ${column} = $1 AND NOT is_deleted AND id <> $2 LIMIT 1`, [
      host,
      clientId,
    ])) as unknown[];
    return rows.length > 0;
  }
}
