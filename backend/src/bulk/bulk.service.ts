import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../accounts/auth';
import { BulkRateLimit } from './bulk-rate-limit';
import { parseBulkRequest, renderBulk } from './bulk-request';

/** A preview: renders and answers, records nothing (see README.md). */
@Injectable()
export class BulkService {
  constructor(private readonly rateLimit: BulkRateLimit) {}

  async generate(user: AuthUser, body: unknown): Promise<{ qrCode: string }> {
    // Counted before validation: invalid lines cost the server work too.
    await this.rateLimit.hit(user.id);
    return { qrCode: renderBulk(parseBulkRequest(body)) };
  }
}
