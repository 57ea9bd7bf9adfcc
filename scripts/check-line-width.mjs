// Fails when a tracked source file (.ts, .tsx, .js, .mjs, .cjs) has a line longer than Prettier's
// printWidth (.prettierrc.json): Prettier does not wrap string literals, comments or data, so this
// check keeps those within the width too. Generated lock files and markdown are out of scope.
// Run: node scripts/check-line-width.mjs  (part of `npm run lint`)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { printWidth } = JSON.parse(readFileSync(new URL('../.prettierrc.json', import.meta.url), 'utf8'));
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter(Boolean)
  // Generated from the OpenAPI document (descriptions are the backend's text), never edited by hand.
  .filter((file) => file !== 'frontend/src/api/schema.d.ts');

const long = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(new URL(file, new URL('..', import.meta.url)), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  text.split(/\r?\n/).forEach((line, index) => {
    // Characters as the eye counts them (code points), the way Prettier measures plain text.
    const width = [...line].length;
    if (width > printWidth) long.push(`${file}:${index + 1}: ${width} characters (at most ${printWidth})`);
  });
}

if (long.length > 0) {
  console.error(long.join('\n'));
  console.error(
    `${long.length} line(s) longer than ${printWidth} characters: wrap the comment, split the string with +, or break the SQL.`,
  );
  process.exit(1);
}
console.log(`Line width: ${files.length} files, no line longer than ${printWidth} characters.`);
