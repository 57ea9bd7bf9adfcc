export { CommandPipeline, currentActor, envelope, loadStream, STALE_VERSION, WAIT_BOUND_MS } from './command-pipeline';
export type {
  Actor,
  Committed,
  Decided,
  Evolvable,
  Evolve,
  ExecuteOptions,
  Loaded,
  Plan,
  PlanContext,
  PlannedAppend,
  RunOptions,
} from './command-pipeline';
export { CommandPipelineModule } from './command-pipeline.module';
export { CONCURRENT_CHANGE, DomainError, type DomainErrorCode } from '../common/domain-error';
export { bodyVersion, expectedVersion, ifMatchVersion, VersionETag, type ExpectedVersion } from './versions';
