import { Controller, Get, Logger, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf } from '../common/input';
import { accountExportSchema } from './account-export.answers';
import { AccountExporter } from './account-exporter';
import { ExportRateLimit } from './export-rate-limit';

/** GET /api/account/export (issue 32 item 3): everything the product holds about the signed-in person, as one JSON file. */
@Controller('api')
export class AccountExportController {
  private readonly logger = new Logger('AccountExport');

  constructor(
    private readonly exporter: AccountExporter,
    private readonly rateLimit: ExportRateLimit,
  ) {}

  @Get('account/export') @Authenticated() @ApiProduces('application/json') @AnswerOf(accountExportSchema) async export(
    @CurrentUser() user: AuthUser,
  ): Promise<StreamableFile> {
    await this.rateLimit.hit(user.id);
    const chunks = await this.exporter.open(user);
    const day = new Date().toISOString().slice(0, 10);
    const file = new StreamableFile(Readable.from(chunks), {
      type: 'application/json; charset=utf-8',
      disposition: `attachment; filename="qr-code-sharks-data-${day}.json"`,
    });
    // Once streaming, the 200 may be on its way: a failure cuts the download short (the browser reports an error),
    // never a complete-looking file, never Nest's default 400 with our error's text.
    return file.setErrorHandler((error, res) => {
      this.logger.error({ msg: 'data export failed while streaming', error: error.message });
      if (res.destroyed) return;
      if (res.destroy) res.destroy();
      else res.end();
    });
  }
}
