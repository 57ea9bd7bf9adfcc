import { Injectable } from '@nestjs/common';
import { AccountsService, type AuthUser } from '../accounts';
import { AnalyticsService, ShareLinksService } from '../analytics';
import { ApiKeysService } from '../api-keys';
import { NotificationPreferencesQuery } from '../campaigns';
import { CodesQueryService } from '../codes';
import { MailLedgerQuery } from '../mail';
import { PaymentsQueryService } from '../payments';
import { WebhooksQuery } from '../webhooks';
import { EXPORT_FORMAT, EXPORT_VERSION } from './account-export.answers';

/**
 * Assembles a person's data export (issue 32 item 3, docs/account-export.md) from each feature's own answer, asked
 * through its front door ("export for owner X"): it reads no table itself. The document is one JSON object written
 * as a stream of text chunks, one code (with its history and daily scans) or one page of rows at a time, so memory
 * stays bounded by the largest single code, never by the whole account.
 */
@Injectable()
export class AccountExporter {
  constructor(
    private readonly accounts: AccountsService,
    private readonly codes: CodesQueryService,
    private readonly analytics: AnalyticsService,
    private readonly shareLinks: ShareLinksService,
    private readonly payments: PaymentsQueryService,
    private readonly preferences: NotificationPreferencesQuery,
    private readonly mails: MailLedgerQuery,
    private readonly apiKeys: ApiKeysService,
    private readonly webhooks: WebhooksQuery,
  ) {}

  /**
   * The document's opening (format, account, settings) is read before anything is sent, so a failure there is an
   * ordinary error answer; the rest follows as the returned chunks.
   */
  async open(user: AuthUser, now = new Date()): Promise<AsyncGenerator<string>> {
    const [account, notificationPreferences] = await Promise.all([this.accounts.exportFor(user), this.preferences.exportFor(user)]);
    const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), account, notificationPreferences };
    return this.chunks(user, JSON.stringify(head).slice(0, -1));
  }

  private async *chunks(user: AuthUser, head: string): AsyncGenerator<string> {
    yield `${head},"codes":[`;
    let separator = '';
    for await (const code of this.codes.exportFor(user)) {
      yield separator + JSON.stringify({ ...code, scans: await this.analytics.exportScansFor(user, code.id) });
      separator = ',';
    }
    yield `],"shareLinks":${JSON.stringify(await this.shareLinks.exportFor(user))}`;
    yield* this.array('payments', this.payments.exportFor(user));
    yield* this.array('mails', this.mails.exportFor(user));
    yield `,"apiKeys":${JSON.stringify(await this.apiKeys.exportFor(user))}`;
    yield `,"webhooks":${JSON.stringify(await this.webhooks.exportFor(user))}`;
    yield '}';
  }

  private async *array(name: string, rows: AsyncIterable<unknown>): AsyncGenerator<string> {
    yield `,"${name}":[`;
    let separator = '';
    for await (const row of rows) {
      yield separator + JSON.stringify(row);
      separator = ',';
    }
    yield ']';
  }
}
