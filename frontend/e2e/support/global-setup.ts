// Jest globalSetup of the e2e project: one stack and one stored signed-in state for the whole run.
import { holdRun, startRun } from './run';

export default async function globalSetup(): Promise<void> {
  holdRun(await startRun());
}
