import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../accounts';
import { BulkRateLimit } from './bulk-rate-limit';
import { BulkBody, parseBulkRequest, renderBulk } from './bulk-request';
import type { BulkAnswer } from './bulk.answers';

/** A preview: renders and answers, records nothing (see README.md). */
@Injectable()
export class BulkService {
  constructor(private readonly rateLimit: BulkRateLimit) {}

  async generate(user: AuthUser, body: BulkBody): Promise<BulkAnswer> {
    // Counted before the content is validated: invalid lines cost the server work too.
    await this.rateLimit.hit(user.id);
    return { qrCode: renderBulk(parseBulkRequest(body)) };
  }
}
