import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Requires every file under `root` whose name ends with `suffix` (.ts under Jest, .js when built) and returns
 * the classes they export. Features add migrations and entities by adding files, never by editing a list.
 */
export function loadClasses(root: string, suffix: string, recursive: boolean): Function[] {
  const classes: Function[] = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (recursive && statSync(path).isDirectory()) {
      if (name !== 'node_modules') classes.push(...loadClasses(path, suffix, true));
      continue;
    }
    if (name.endsWith('.d.ts') || !(name.endsWith(`${suffix}.ts`) || name.endsWith(`${suffix}.js`))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path) as Record<string, unknown>;
    classes.push(...Object.values(exported).filter((value): value is Function => typeof value === 'function'));
  }
  return classes;
}
