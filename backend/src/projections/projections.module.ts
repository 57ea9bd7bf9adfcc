import { Global, Module } from '@nestjs/common';
import { ProjectionsService } from './projections.service';

@Global()
@Module({ providers: [ProjectionsService], exports: [ProjectionsService] })
export class ProjectionsModule {}
