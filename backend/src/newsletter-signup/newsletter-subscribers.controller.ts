import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Authenticated, CurrentUser, STAFF_ACTIONS as CAN, tenantScope, type AuthUser } from '../accounts';
import { toCsv } from '../common/csv';
import { AnswerOf, CsvAnswerOf, QueryOf } from '../common/input';
import { listPage } from '../common/list-query';
import { subscriberAnswer } from './newsletter-signup.answers';
import { subscribersQuery, type SubscribersQuery } from './newsletter-signup.schemas';
import { NewsletterSubscribersQuery } from './newsletter-subscribers.query';

type Csv = Pick<SubscribersQuery, 'filter' | 'sort'>;
const CSV_COLUMNS = ['email', 'status', 'subscribedAt', 'confirmedAt', 'unsubscribedAt'];

/**
 * The staff console's subscriber list and its CSV (issue 30 item 6): admins only, as the rest of the newsletter tools
 * (`sendCampaigns`); a white-label client's admin sees their own tenant's list.
 */
@Controller('api/admin')
@Authenticated(CAN.sendCampaigns)
export class NewsletterSubscribersController {
  constructor(private readonly subscribers: NewsletterSubscribersQuery) {}

  @Get('newsletter-subscribers') @AnswerOf(subscriberAnswer.array()) async list(
    @CurrentUser() user: AuthUser,
    @QueryOf(subscribersQuery) q: SubscribersQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.subscribers.list(q, tenantScope(user));
    return listPage(res, 'newsletter-subscribers', q.range, rows, total);
  }

  @Get('newsletter-subscribers.csv')
  @CsvAnswerOf('The subscribers as CSV (attachment newsletter-subscribers.csv), same filter and sort')
  async csv(@CurrentUser() user: AuthUser, @QueryOf(subscribersQuery) q: Csv, @Res({ passthrough: true }) res: Response): Promise<string> {
    const rows = await this.subscribers.forCsv(q, tenantScope(user));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
    return toCsv(rows as unknown as Record<string, unknown>[], CSV_COLUMNS);
  }
}
