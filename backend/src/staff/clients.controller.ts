import { Controller, Get, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { z } from 'zod';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, tenantScope, type AuthUser } from '../accounts';
import { AnswerOf, IdParam, integerId, QueryOf, text } from '../common/input';
import { listPage, listQuery } from '../common/list-query';
import {
  clientAnswer,
  CLIENT_NOT_FOUND,
  CLIENT_SORTABLE,
  ClientsService,
  RotateClientKeyCommand,
  type ClientAnswer,
  type ClientsPageQuery,
} from '../tenants';
import { ClientWrites } from './client-writes';

/** GET /api/admin/clients: the ra-data-simple-rest list of tenants (white-label clients). */
export const clientsQuery = listQuery({
  sortable: CLIENT_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filter: z.strictObject(
    {
      q: text({ label: 'q', max: 200 }).optional(),
      id: z
        .array(z.coerce.number({ error: 'id must be a list of client ids' }).int().min(1).max(999_999_999), {
          error: 'id must be a list of client ids',
        })
        .max(100, 'id may list at most 100 ids')
        .optional(),
      isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    },
    { error: 'filter may hold q, id and isActive' },
  ),
  maxPage: 100,
});

/**
 * Tenants in the staff console (issue 19), beside the website spec's /api/white-label/clients (same commands, same
 * rules). Reads: any staff, scoped (the default brand's staff see every tenant, a white-label client's staff their own);
 * create, edit and key rotation: support; delete: admin. The commands refuse a white-label client's staff (403).
 */
@Controller('api/admin/clients')
export class AdminClientsController extends ClientWrites {
  constructor(
    private readonly clients: ClientsService,
    commandBus: CommandBus,
  ) {
    super(commandBus);
  }

  @Get() @Authenticated(CAN.read) @AnswerOf(clientAnswer.array()) async list(
    @CurrentUser() user: AuthUser,
    @QueryOf(clientsQuery) q: ClientsPageQuery & { range: { start: number; end: number; offset: number; limit: number } },
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.clients.page(q, tenantScope(user));
    return listPage(res, 'clients', q.range, rows, total);
  }

  @Get(':id') @Authenticated(CAN.read) @AnswerOf(clientAnswer) one(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
  ): Promise<ClientAnswer> {
    return this.clients.one(id, tenantScope(user));
  }

  @Post(':id/api-key') @Authenticated(CAN.manageTenants) @AnswerOf(clientAnswer, 201) rotateKey(
    @CurrentUser() user: AuthUser,
    @IdParam('id', integerId(), CLIENT_NOT_FOUND) id: number,
  ): Promise<ClientAnswer> {
    return this.commandBus.execute(new RotateClientKeyCommand(user, id));
  }
}
