import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../accounts/auth';
import { ENV, Env } from '../config/env';
import { WrongExpectedVersionError } from '../event-store/event-store';
import { EventWriter } from '../event-store/event-writer';
import { ClientCreated, ClientFields, clientStream } from './client.events';
import { hostNames, parseClientInput } from './client-input';
import { ClientDto, ClientsService, isHostRace } from './clients.service';

export class CreateClientCommand extends Command<ClientDto> {
  constructor(readonly user: AuthUser, readonly body: unknown) {
    super();
  }
}

/** A new client id from `client_ids`, its names reserved and ClientCreated appended in one appendMany; a lost name race re-decides. */
@CommandHandler(CreateClientCommand)
export class CreateClientHandler implements ICommandHandler<CreateClientCommand> {
  constructor(
    private readonly clients: ClientsService,
    private readonly events: EventWriter,
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async execute({ user, body }: CreateClientCommand): Promise<ClientDto> {
    this.clients.assertStaff(user);
    const input = parseClientInput(body, this.env.BASE_DOMAIN);
    const apiKey = `qrs_${randomBytes(24).toString('hex')}`;
    return this.clients.run(async () => {
      const [{ id }] = (await this.dataSource.query("SELECT nextval('client_ids')::int AS id")) as { id: number }[];
      const fields: ClientFields = { ...input, isActive: input.isActive ?? true };
      const created: ClientCreated = { clientId: id, apiKey, ...fields };
      const meta = { actorId: user.id, tenantId: id };
      const appends = await this.clients.hostAppends(id, [], hostNames(fields), meta);
      appends.push({ streamId: clientStream(id), events: [this.events.event('ClientCreated', created, meta)], expectedRevision: 'no_stream' });
      return { id, result: await this.clients.appendAll(appends) };
    }, (error) => isHostRace(error) || (error instanceof WrongExpectedVersionError && error.streamId.startsWith('tenant-') && error.expected === 'no_stream'));
  }
}
