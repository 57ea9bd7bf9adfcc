import { Global, Module } from '@nestjs/common';
import { ProjectionsService } from './projections.service';
import { RebuildWorker } from './rebuild-worker';

@Global()
@Module({ providers: [ProjectionsService, RebuildWorker], exports: [ProjectionsService] })
export class ProjectionsModule {}
