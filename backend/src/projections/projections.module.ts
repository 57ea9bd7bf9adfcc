import { Global, Module } from '@nestjs/common';
import { ProjectionRecords } from './projection-records';
import { ProjectionsService } from './projections.service';
import { RebuildWorker } from './rebuild-worker';

@Global()
@Module({ providers: [ProjectionsService, ProjectionRecords, RebuildWorker], exports: [ProjectionsService, ProjectionRecords] })
export class ProjectionsModule {}
