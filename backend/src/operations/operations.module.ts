import { Module } from '@nestjs/common';
import { DeadLettersService } from './dead-letters.service';
import { OperationsController } from './operations.controller';
import { ProjectionStatusService } from './projection-status.service';
import { RebuildsService } from './rebuilds.service';

/**
 * The staff console's operations screens (issue 19): status (projections, lag, rates, the scan pipeline), rebuild
 * requests and dead letters, one service each; the rebuilds they request run in projections/rebuild-worker.ts.
 */
@Module({ controllers: [OperationsController], providers: [ProjectionStatusService, RebuildsService, DeadLettersService] })
export class OperationsModule {}
