import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { ENV, Env } from '../config/env';
import { decideUpdate, evolveClient, initialClient, liveFields, nextFields } from './client';
import { clientStream } from './client.events';
import { checkBodyId, hostNames, type ClientInput } from './client-input';
import { planHostChanges } from './client-hosts.plan';
import { assertStaff, type StaffActor, ClientDto, ClientsService, stateToDto } from './clients.service';
import { TenantsService } from './tenants.service';
import { CLIENTS_PROJECTION } from './clients.projection';

export class UpdateClientCommand extends Command<ClientDto> {
  constructor(
    readonly actor: StaffActor,
    readonly clientId: number,
    readonly input: ClientInput & { id?: number },
  ) {
    super();
  }
}

/** PUT replaces the form's fields; names given up are released and new ones reserved with the client's event. */
@CommandHandler(UpdateClientCommand)
export class UpdateClientHandler implements ICommandHandler<UpdateClientCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly clients: ClientsService,
    private readonly tenants: TenantsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ actor, clientId, input }: UpdateClientCommand): Promise<ClientDto> {
    assertStaff(actor);
    checkBodyId(clientId, input.id);
    return this.pipeline.execute({
      actor: { actorId: actor.id, tenantId: clientId },
      // The clients row before the host cache is dropped (see create-client.command.ts).
      waitFor: [CLIENTS_PROJECTION],
      plan: async (ctx) => {
        const client = await ctx.load(clientStream(clientId), initialClient, evolveClient);
        const events = decideUpdate(client.state, { clientId, input, baseDomain: this.env.BASE_DOMAIN });
        const current = liveFields(client.state);
        const hosts = await planHostChanges(ctx, clientId, hostNames(current), hostNames(nextFields(current, input)), (host, id) =>
          this.clients.heldByAnother(host, id),
        );
        return {
          appends: [...hosts, { streamId: client.streamId, events }],
          answer: (committed) => {
            if (committed.position) this.tenants.forgetHosts();
            return stateToDto(clientId, (committed.streams.get(client.streamId)?.events ?? []).reduce(evolveClient, client.state));
          },
        };
      },
    });
  }
}
