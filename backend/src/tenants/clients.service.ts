import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts';
import { DomainError } from '../command-pipeline/domain-error';
import type { ClientState } from './client';
import { ClientEntity } from './client.entity';
import { DEFAULT_CLIENT_ID } from './client.events';
import { fieldOf } from './tenant-host';

export const STAFF_ONLY = 'Only the staff of the default brand can manage white-label clients';

export interface ClientDto {
  id: number;
  name: string;
  customDomain: string | null;
  subdomain: string | null;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  customFavicon: string | null;
  removeQRCodeSharksBranding: boolean;
  customCSS: string | null;
  isActive: boolean;
  apiKey: string;
  createdAt: string;
  updatedAt: string;
}

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

/** The route guard lets support and admin in; only those of the default brand manage the other brands. */
export function assertStaff(user: AuthUser): void {
  if (user.tenantId !== DEFAULT_CLIENT_ID) throw DomainError.forbidden(STAFF_ONLY);
}

/** The white-label clients read model: the list, and the name check the client commands make against it. */
@Injectable()
export class ClientsService {
  constructor(private readonly dataSource: DataSource) {}

  async list(user: AuthUser): Promise<ClientDto[]> {
    assertStaff(user);
    const rows = await this.dataSource
      .getRepository(ClientEntity)
      .find({ where: { isDeleted: false }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(rowToDto);
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
