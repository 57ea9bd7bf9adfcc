import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ENV, Env } from '../config/env';
import { decideCreate, evolveClient, initialClient } from './client';
import { clientStream } from './client.events';
import { hostNames, type ClientInput } from './client-input';
import { planHostChanges } from './client-hosts.plan';
import { assertStaff, type StaffActor, ClientDto, ClientsService, stateToDto } from './clients.service';
import { TenantsService } from './tenants.service';
import { CLIENTS_PROJECTION } from './clients.projection';

export class CreateClientCommand extends Command<ClientDto> {
  constructor(
    readonly actor: StaffActor,
    readonly input: ClientInput,
  ) {
    super();
  }
}

/** A new client: its names reserved and ClientCreated appended together; a lost name race re-decides (then 409). */
@CommandHandler(CreateClientCommand)
export class CreateClientHandler implements ICommandHandler<CreateClientCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly clients: ClientsService,
    private readonly tenants: TenantsService,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ actor, input }: CreateClientCommand): Promise<ClientDto> {
    assertStaff(actor);
    // The id comes before the events (they carry it) and once per command: re-decisions after a race reuse it.
    const [{ id }] = (await this.dataSource.query("SELECT nextval('client_ids')::int AS id")) as { id: number }[];
    const apiKey = `qrs_${randomBytes(24).toString('hex')}`;
    return this.pipeline.execute({
      actor: { actorId: actor.id, tenantId: id },
      // The clients row before the host cache is dropped: else the next request could cache the old tenant of the host.
      waitFor: [CLIENTS_PROJECTION],
      plan: async (ctx) => {
        const client = await ctx.load(clientStream(id), initialClient, evolveClient);
        const events = decideCreate(client.state, { clientId: id, apiKey, input, baseDomain: this.env.BASE_DOMAIN });
        const hosts = await planHostChanges(ctx, id, [], hostNames(input), (host, clientId) => this.clients.heldByAnother(host, clientId));
        return {
          appends: [...hosts, { streamId: client.streamId, events }],
          answer: (committed) => {
            this.tenants.forgetHosts();
            return stateToDto(id, (committed.streams.get(client.streamId)?.events ?? []).reduce(evolveClient, client.state));
          },
        };
      },
    });
  }
}
