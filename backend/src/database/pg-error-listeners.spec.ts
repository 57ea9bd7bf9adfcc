import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const CONSTRUCTION = /(?<![\w.])new\s+(?:pg\.)?(Pool|Client)\s*\(/g;
const WINDOW_LINES = 20;

/**
 * Where a file makes a pg Pool or Client without an 'error' listener: the construction is wrapped in
 * poolWithErrorListener/clientWithErrorListener, or the name it is assigned to gets `.on('error', ...)` within the
 * next lines. Only files that import pg are read (other classes are called Client too).
 */
export function unlistened(source: string): number[] {
  if (!/from 'pg'|require\('pg'\)/.test(source)) return [];
  const lines = source.split('\n');
  const found: number[] = [];
  for (const match of source.matchAll(CONSTRUCTION)) {
    const lineIndex = source.slice(0, match.index).split('\n').length - 1;
    const before = lines[lineIndex].slice(0, match.index - source.lastIndexOf('\n', match.index - 1) - 1);
    if (/WithErrorListener\(\s*$/.test(before)) continue;
    const assigned = /([\w.]+)\s*(?::\s*[\w<>.]+\s*)?=\s*$/.exec(before)?.[1];
    const next = lines.slice(lineIndex, lineIndex + WINDOW_LINES).join('\n');
    const name = assigned?.replace(/[.$]/g, (c) => `\\${c}`);
    if (name && new RegExp(`${name}\\s*\\.\\s*(on|once)\\(\\s*'error'`).test(next)) continue;
    found.push(lineIndex + 1);
  }
  return found;
}

describe('every pg pool and client has an error listener (product, tests, browser tests, benches)', () => {
  it('finds a construction without one, and accepts the two ways of adding one', () => {
    const file = (body: string) => `import { Client, Pool } from 'pg';\n${body}`;
    expect(unlistened(file('const pool = new Pool({ max: 3 });\nawait pool.query("SELECT 1");'))).toEqual([2]);
    expect(unlistened(file("this.client = new Client(config);\nother.on('error', log);"))).toEqual([2]);
    expect(unlistened(file("const pool = new Pool({ max: 3 });\npool.on('error', () => undefined);"))).toEqual([]);
    expect(unlistened(file("this.pool = new Pool({\n  max: 3,\n});\nthis.pool.on('error', log);"))).toEqual([]);
    expect(
      unlistened(file('const c = clientWithErrorListener(new Client(url));\nconst p = poolWithErrorListener(new pg.Pool());')),
    ).toEqual([]);
    expect(unlistened('const client = new Client();')).toEqual([]); // not pg's
  });

  it('holds for every tracked source file', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\0')
      // This spec's own examples are strings, not constructions.
      .filter(
        (file) => file && !file.includes('node_modules/') && !file.includes('/dist/') && !file.endsWith('pg-error-listeners.spec.ts'),
      );
    expect(files.length).toBeGreaterThan(500);
    const missing = files.flatMap((file) => {
      let source: string;
      try {
        source = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        return []; // deleted in the working tree
      }
      return unlistened(source).map((line) => `${file}:${line}`);
    });
    expect(missing).toEqual([]);
  });
});
