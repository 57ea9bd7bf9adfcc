import { Global, Module } from '@nestjs/common';
import { CommandPipeline } from './command-pipeline';

/** The write side's one pipeline, available to every feature's command handlers. */
@Global()
@Module({ providers: [CommandPipeline], exports: [CommandPipeline] })
export class CommandPipelineModule {}
