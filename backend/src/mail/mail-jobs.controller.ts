import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { Authenticated, CurrentUser, STAFF_ACTIONS, tenantScope, type AuthUser } from '../accounts';
import { AnswerOf, QueryOf } from '../common/input';
import { ListQuery, listPage, listQuery } from '../common/list-query';
import { MailQueue } from './mail-queue';
import { failedMailJobAnswer, type FailedMailJob } from './mail.answers';

const mailJobsQuery = listQuery({ sortable: ['failedAt'], defaultSort: { field: 'failedAt', order: 'DESC' }, filter: z.strictObject({}) });

/**
 * Failed mail jobs for the staff console (react-admin's list dialect): kept in Redis with their error after their last
 * try. Support and admins only (the console's `read`); the default brand's staff see every tenant's, a white-label
 * client's staff their own tenant's.
 */
@Controller('api/admin/mail-jobs')
@Authenticated(STAFF_ACTIONS.read)
export class MailJobsController {
  constructor(private readonly queue: MailQueue) {}

  @Get() @AnswerOf(failedMailJobAnswer.array()) async list(
    @CurrentUser() user: AuthUser,
    @QueryOf(mailJobsQuery) query: ListQuery<object, 'failedAt'>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FailedMailJob[]> {
    const { total, jobs } = await this.queue.failedJobs(tenantScope(user), query.range.start, query.range.end);
    return listPage(res, 'mail-jobs', query.range, jobs, total);
  }
}
