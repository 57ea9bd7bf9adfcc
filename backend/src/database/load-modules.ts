import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Requires every file under `root` whose name ends with `suffix` (.ts under Jest, .js when built) and returns
 * the classes they export. Features add migrations and entities by adding files, never by editing a list.
 */
/** A class, as TypeORM takes entities and migrations. */
export type Class = abstract new (...args: never[]) => unknown;

export function loadClasses(root: string, suffix: string, recursive: boolean): Class[] {
  const classes: Class[] = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (recursive && statSync(path).isDirectory()) {
      if (name !== 'node_modules') classes.push(...loadClasses(path, suffix, true));
      continue;
    }
    if (name.endsWith('.d.ts') || !(name.endsWith(`${suffix}.ts`) || name.endsWith(`${suffix}.js`))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path) as Record<string, unknown>;
    classes.push(...Object.values(exported).filter((value): value is Class => typeof value === 'function'));
  }
  return classes;
}
