import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/** The repository's root: the lint scripts live in its scripts/ folder. */
export const ROOT = join(__dirname, '..', '..', '..');

export interface ScriptRun {
  code: number;
  out: string;
}

/** Runs one of the repository's lint scripts (scripts/<name>) with node; never throws on a non-zero exit. */
export async function runScript(name: string, args: string[] = []): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', name), ...args]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/**
 * A temporary folder per test (made before each, removed after each) and a writer of synthetic trees into it:
 * `scratch.tree({ 'a/b.ts': '…' })` writes the files and answers the folder.
 */
export function scratchFolders(prefix: string) {
  const scratch = {
    dir: '',
    tree(files: Record<string, string>): string {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(scratch.dir, path)), { recursive: true });
        writeFileSync(join(scratch.dir, path), content);
      }
      return scratch.dir;
    },
  };
  beforeEach(() => {
    scratch.dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(scratch.dir, { recursive: true, force: true }));
  return scratch;
}
