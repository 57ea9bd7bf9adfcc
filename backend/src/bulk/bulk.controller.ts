import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Authenticated, CurrentUser, type AuthUser } from '../accounts/auth';
import { BulkService } from './bulk.service';

/** Website spec section 7: one call per line of a bulk run, answered with the line's SVG. */
@Controller('api')
export class BulkController {
  constructor(private readonly bulk: BulkService) {}

  @Post('bulk-generate-qrcode')
  @HttpCode(200)
  @Authenticated()
  generate(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    return this.bulk.generate(user, body);
  }
}
