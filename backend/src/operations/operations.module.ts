import { Module } from '@nestjs/common';
import { OperationsController } from './operations.controller';
import { OperationsService } from './operations.service';

/** The staff console's operations screens (issue 19); the rebuilds they request run in projections/rebuild-worker.ts. */
@Module({ controllers: [OperationsController], providers: [OperationsService] })
export class OperationsModule {}
