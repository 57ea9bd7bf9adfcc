import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { EventWriter } from '../event-store/event-writer';
import { decideDelete, evolveClient, initialClient } from './client';
import { clientStream } from './client.events';
import { hostNames } from './client-input';
import { ClientsService, isHostRace } from './clients.service';

export class DeleteClientCommand extends Command<{ id: number; deleted: true }> {
  constructor(readonly user: AuthUser, readonly rawId: string) {
    super();
  }
}

@CommandHandler(DeleteClientCommand)
export class DeleteClientHandler implements ICommandHandler<DeleteClientCommand> {
  constructor(private readonly clients: ClientsService, private readonly events: EventWriter) {}

  async execute({ user, rawId }: DeleteClientCommand): Promise<{ id: number; deleted: true }> {
    this.clients.assertStaff(user);
    const id = this.clients.parseId(rawId);
    await this.clients.run(async () => {
      const client = await this.events.load(clientStream(id), initialClient, evolveClient);
      const decided = decideDelete(client.state, id);
      const meta = { actorId: user.id, tenantId: id };
      // Deleting frees the names: another client may take them.
      const appends = await this.clients.hostAppends(id, hostNames(client.state.fields ?? { subdomain: null, customDomain: null }), [], meta);
      appends.push({ streamId: clientStream(id), events: decided.map((event) => this.events.event(event.type, event.data, meta)), expectedRevision: client.revision });
      return { id, result: await this.clients.appendAll(appends) };
    }, isHostRace, false);
    return { id, deleted: true };
  }
}
