import type { Loaded, PlanContext } from '../../command-pipeline';
import { evolveKey, initialKey, type KeyState } from './user';
import type { KeyStreamNames } from './user.events';

/**
 * A unique key's reservation (issue 32, stream names): the legacy stream's events, when it still has any, continued by
 * the hashed stream, where every new event goes. The result is the hashed stream's (its name and loaded revision, so
 * an append to it is checked against it); its state folds both. Nothing appends to the legacy stream any more, so its
 * content cannot change under a decision; `seal-legacy` moves its events to the start of the hashed stream, which moves
 * that stream's revision, so a decision made before the move loses its append and decides again.
 */
export async function loadKey(ctx: Pick<PlanContext, 'load'>, names: KeyStreamNames): Promise<Loaded<KeyState>> {
  const legacy = await ctx.load(names.legacy, initialKey, evolveKey);
  return ctx.load(names.stream, legacy.state, evolveKey);
}
