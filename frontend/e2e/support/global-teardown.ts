// Jest globalTeardown of the e2e project: stops the run's stack (globalSetup ran in this same process).
import { releaseRun } from './run';

export default async function globalTeardown(): Promise<void> {
  await releaseRun()?.stop();
}
