import type { PlanContext, PlannedAppend } from '../command-pipeline/command-pipeline';
import { decideRelease, decideReserve, evolveTenantHost, hostTaken, initialTenantHost, tenantHostStream } from './tenant-host';

/**
 * The part of a client command's plan that moves its names: loads each `tenant-host-{name}` stream it gives up or
 * takes, and decides the release or reservation there. The appends go out with the client's event in the pipeline's
 * one appendMany at the loaded revisions, so of racing reservations of one name the store accepts one; the losers'
 * plans run again, find the name taken and answer 409.
 */
export async function planHostChanges(
  ctx: PlanContext,
  clientId: number,
  before: string[],
  after: string[],
  heldByAnother: (host: string, clientId: number) => Promise<boolean>,
): Promise<PlannedAppend[]> {
  const appends: PlannedAppend[] = [];
  for (const host of before.filter((name) => !after.includes(name))) {
    const loaded = await ctx.load(tenantHostStream(host), initialTenantHost, evolveTenantHost);
    appends.push({ streamId: loaded.streamId, events: decideRelease(loaded.state, host, clientId) });
  }
  for (const host of after.filter((name) => !before.includes(name))) {
    const loaded = await ctx.load(tenantHostStream(host), initialTenantHost, evolveTenantHost);
    const reserved = decideReserve(loaded.state, host, clientId);
    if (reserved.length && (await heldByAnother(host, clientId))) throw hostTaken(host);
    appends.push({ streamId: loaded.streamId, events: reserved });
  }
  return appends;
}
