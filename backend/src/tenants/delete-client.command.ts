import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../command-pipeline/command-pipeline';
import { decideDelete, evolveClient, initialClient } from './client';
import { clientStream } from './client.events';
import { hostNames } from './client-input';
import { planHostChanges } from './client-hosts.plan';
import { assertStaff, type StaffActor, ClientsService } from './clients.service';
import { TenantsService } from './tenants.service';
import type { DeletedClientAnswer } from './tenants.answers';
import { CLIENTS_PROJECTION } from './clients.projection';

export type DeleteClientResult = DeletedClientAnswer;

export class DeleteClientCommand extends Command<DeleteClientResult> {
  constructor(
    readonly actor: StaffActor,
    readonly clientId: number,
  ) {
    super();
  }
}

/** Soft delete: ClientDeleted, and the client's names released so another client may take them. */
@CommandHandler(DeleteClientCommand)
export class DeleteClientHandler implements ICommandHandler<DeleteClientCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly clients: ClientsService,
    private readonly tenants: TenantsService,
  ) {}

  async execute({ actor, clientId }: DeleteClientCommand): Promise<DeleteClientResult> {
    assertStaff(actor);
    return this.pipeline.execute({
      actor: { actorId: actor.id, tenantId: clientId },
      // The row gone before the host cache is dropped (see create-client.command.ts); the answer itself reads nothing.
      waitFor: [CLIENTS_PROJECTION],
      plan: async (ctx) => {
        const client = await ctx.load(clientStream(clientId), initialClient, evolveClient);
        const events = decideDelete(client.state, clientId);
        const hosts = await planHostChanges(
          ctx,
          clientId,
          hostNames(client.state.fields ?? { subdomain: null, customDomain: null }),
          [],
          (host, id) => this.clients.heldByAnother(host, id),
        );
        return {
          appends: [...hosts, { streamId: client.streamId, events }],
          answer: () => {
            this.tenants.forgetHosts();
            return { id: clientId, deleted: true as const };
          },
        };
      },
    });
  }
}
