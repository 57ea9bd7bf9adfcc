import { Module } from '@nestjs/common';
import { BulkRateLimit } from './bulk-rate-limit';
import { BulkController } from './bulk.controller';
import { BulkService } from './bulk.service';

@Module({
  controllers: [BulkController],
  providers: [BulkService, BulkRateLimit],
})
export class BulkModule {}
