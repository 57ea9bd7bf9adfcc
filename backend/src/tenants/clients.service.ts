import { ConflictException, ForbiddenException, HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts/auth';
import { AppendResult, StreamAppend, WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter } from '../event-store/event-writer';
import { ProjectionsService } from '../projections/projections.service';
import { ClientDecisionError, ClientState } from './client';
import { ClientEntity } from './client.entity';
import { ClientFields, DEFAULT_CLIENT_ID } from './client.events';
import type { ClientInput } from './client-input';
import { decideRelease, decideReserve, evolveTenantHost, HostTakenError, initialTenantHost, tenantHostStream } from './tenant-host';
import { TenantsService } from './tenants.service';

export const STAFF_ONLY = 'Only the staff of the default brand can manage white-label clients';
export const CLIENT_NOT_FOUND = 'Client not found';
const MAX_ATTEMPTS = 5;

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

const toDto = (row: ClientEntity): ClientDto => ({
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

export const fieldOf = (host: string): 'subdomain' | 'customDomain' => (host.includes('.') ? 'customDomain' : 'subdomain');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const isHostRace = (error: unknown) => error instanceof WrongExpectedVersionError && error.streamId.startsWith('tenant-host-');

function toHttp(error: unknown): unknown {
  if (error instanceof HostTakenError) return new ConflictException({ statusCode: 409, message: error.message, errors: { [error.field]: error.message }, error: 'Conflict' });
  if (isHostRace(error)) {
    const host = (error as WrongExpectedVersionError).streamId.slice('tenant-host-'.length);
    return toHttp(new HostTakenError(host, fieldOf(host)));
  }
  if (error instanceof ClientDecisionError) return new HttpException({ statusCode: error.status, message: error.message }, error.status);
  return error;
}

/**
 * The white-label client list query, and the helpers the client commands share (create/update/delete-client.command.ts).
 * Every command: load `tenant-{id}` and the `tenant-host-{name}` reservations -> pure decisions -> one appendMany at the
 * loaded revisions -> wait for the clients projection -> drop the host cache -> answer from the read model.
 */
@Injectable()
export class ClientsService {
  constructor(
    private readonly events: EventWriter,
    private readonly projections: ProjectionsService,
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
  ) {}

  /** The route guard lets support and admin in; only those of the default brand manage the other brands. */
  assertStaff(user: AuthUser): void {
    if (user.tenantId !== DEFAULT_CLIENT_ID) throw new ForbiddenException(STAFF_ONLY);
  }

  async list(user: AuthUser): Promise<ClientDto[]> {
    this.assertStaff(user);
    const rows = await this.dataSource.getRepository(ClientEntity).find({ where: { isDeleted: false }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toDto);
  }

  // ---------------------------------------------------------------- helpers of the client commands (*.command.ts)

  parseId(raw: string): number {
    if (!/^\d{1,9}$/.test(raw)) throw new NotFoundException(CLIENT_NOT_FOUND);
    return Number(raw);
  }

  live(state: ClientState): ClientFields {
    if (!state.exists || state.deleted || !state.fields) throw new ClientDecisionError(CLIENT_NOT_FOUND, 404);
    return state.fields;
  }

  /** Releases the names the client gives up and reserves the ones it takes, each at its stream's loaded revision. */
  async hostAppends(clientId: number, before: string[], after: string[], meta: { actorId: string; tenantId: number }): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const host of before.filter((name) => !after.includes(name))) {
      const loaded = await this.events.load(tenantHostStream(host), initialTenantHost, evolveTenantHost);
      const released = decideRelease(loaded.state, host, clientId);
      if (released.length) appends.push({ streamId: tenantHostStream(host), events: released.map((event) => this.events.event(event.type, event.data, meta)), expectedRevision: loaded.revision });
    }
    for (const host of after.filter((name) => !before.includes(name))) {
      const loaded = await this.events.load(tenantHostStream(host), initialTenantHost, evolveTenantHost);
      const reserved = decideReserve(loaded.state, host, clientId, fieldOf(host));
      if (reserved.length) {
        await this.assertFreeInReadModel(host, clientId);
        appends.push({ streamId: tenantHostStream(host), events: reserved.map((event) => this.events.event(event.type, event.data, meta)), expectedRevision: loaded.revision });
      }
    }
    return appends;
  }

  /** Clients made before reservations existed (seeds, imports) hold names without a reservation stream. */
  private async assertFreeInReadModel(host: string, clientId: number): Promise<void> {
    const column = fieldOf(host) === 'subdomain' ? 'subdomain' : 'custom_domain';
    const rows = (await this.dataSource.query(`SELECT id FROM clients WHERE ${column} = $1 AND NOT is_deleted AND id <> $2 LIMIT 1`, [host, clientId])) as unknown[];
    if (rows.length) throw new HostTakenError(host, fieldOf(host));
  }

  async appendAll(appends: StreamAppend[]): Promise<AppendResult> {
    const results = await this.events.store.appendMany(appends);
    return results[results.length - 1];
  }

  /**
   * Runs a decision, retrying it from fresh state when `retry` says the store refused a racing append; then waits
   * for the projection (read-your-writes), drops the host cache and answers the read model's row.
   */
  async run(attempt: () => Promise<{ id: number; result: AppendResult | null }>, retry: (error: unknown) => boolean, answer = true): Promise<ClientDto> {
    for (let count = 1; ; count++) {
      try {
        const { id, result } = await attempt();
        if (result) {
          await this.projections.waitFor(result.position, ['clients']);
          this.tenants.forgetHosts();
        }
        if (!answer) return undefined as unknown as ClientDto;
        const row = await this.dataSource.getRepository(ClientEntity).findOne({ where: { id } });
        if (!row || row.isDeleted) throw new NotFoundException(CLIENT_NOT_FOUND);
        return toDto(row);
      } catch (error) {
        if (count < MAX_ATTEMPTS && retry(error)) {
          await sleep(Math.random() * 10 * count);
          continue;
        }
        throw toHttp(error);
      }
    }
  }
}

export function withoutActive(input: ClientInput): Omit<ClientFields, 'isActive'> {
  const { isActive: _isActive, ...rest } = input;
  return rest;
}
