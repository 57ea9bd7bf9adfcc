import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '../accounts/auth';
import { ENV, Env } from '../config/env';
import { EventWriter } from '../event-store/event-writer';
import { decideUpdate, evolveClient, initialClient } from './client';
import { ClientFields, clientStream } from './client.events';
import { checkBodyId, hostNames, parseClientInput } from './client-input';
import { ClientDto, ClientsService, isHostRace, withoutActive } from './clients.service';

export class UpdateClientCommand extends Command<ClientDto> {
  constructor(readonly user: AuthUser, readonly rawId: string, readonly body: unknown) {
    super();
  }
}

/** PUT replaces the form's fields; names given up are released and new ones reserved with the client's event. */
@CommandHandler(UpdateClientCommand)
export class UpdateClientHandler implements ICommandHandler<UpdateClientCommand> {
  constructor(private readonly clients: ClientsService, private readonly events: EventWriter, @Inject(ENV) private readonly env: Env) {}

  async execute({ user, rawId, body }: UpdateClientCommand): Promise<ClientDto> {
    this.clients.assertStaff(user);
    const id = this.clients.parseId(rawId);
    checkBodyId(id, body);
    const input = parseClientInput(body, this.env.BASE_DOMAIN);
    return this.clients.run(async () => {
      const client = await this.events.load(clientStream(id), initialClient, evolveClient);
      const current = this.clients.live(client.state);
      const next: ClientFields = { ...withoutActive(input), isActive: input.isActive ?? current.isActive };
      const decided = decideUpdate(client.state, id, next);
      const meta = { actorId: user.id, tenantId: id };
      const appends = await this.clients.hostAppends(id, hostNames(current), hostNames(next), meta);
      if (decided.length) appends.push({ streamId: clientStream(id), events: decided.map((event) => this.events.event(event.type, event.data, meta)), expectedRevision: client.revision });
      return { id, result: appends.length ? await this.clients.appendAll(appends) : null };
    }, isHostRace);
  }
}
