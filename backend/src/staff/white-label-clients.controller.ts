import { Controller, Get } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, tenantScope, type AuthUser } from '../accounts';
import { AnswerOf } from '../common/input';
import { clientAnswer, ClientsService, type ClientAnswer } from '../tenants';
import { ClientWrites } from './client-writes';

/**
 * The website spec's white-label client management (sections 2 and 7), on the same rules as the console's
 * /api/admin/clients (clients.controller.ts) from staff-roles.ts: any staff reads (their own tenant only, for a
 * white-label client's staff), support and admins of the default brand create and edit, only admins delete (issue 27:
 * support could delete here while the console refused them).
 */
@Controller('api/white-label/clients')
export class WhiteLabelClientsController extends ClientWrites {
  constructor(
    private readonly clients: ClientsService,
    commandBus: CommandBus,
  ) {
    super(commandBus);
  }

  @Get() @Authenticated(CAN.read) @AnswerOf(clientAnswer.array()) list(@CurrentUser() user: AuthUser): Promise<ClientAnswer[]> {
    return this.clients.list(tenantScope(user));
  }
}
