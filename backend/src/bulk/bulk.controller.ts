import { Controller, HttpCode, Post } from '@nestjs/common';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts';
import { AnswerOf, BodyOf } from '../common/input';
import { bulkAnswer, type BulkAnswer } from './bulk.answers';
import { bulkBodySchema, type BulkBody } from './bulk-request';
import { BulkService } from './bulk.service';

/** Website spec section 7: one call per line of a bulk run (a JSON body), answered with the line's SVG. */
@Controller('api')
export class BulkController {
  constructor(private readonly bulk: BulkService) {}

  @Post('bulk-generate-qrcode') @HttpCode(200) @Authenticated() @AnswerOf(bulkAnswer) generate(
    @CurrentUser() user: AuthUser,
    @BodyOf(bulkBodySchema) body: BulkBody,
  ): Promise<BulkAnswer> {
    return this.bulk.generate(user, body);
  }
}
