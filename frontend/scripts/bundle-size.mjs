// Adds up the gzipped JavaScript a visitor's browser loads for the landing page: the entry chunk,
// the lazily loaded home page and generator card, and every chunk they import statically.
// Run after `vite build` (npm run build does); with --check it fails when the total passes the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

// What `/` renders for a visitor: the app shell, then HomePage (landing) and the GeneratorCard.
const ROOTS = ['index.html', 'src/site/home/HomePage.tsx', 'src/generator/GeneratorCard.tsx'];

const seen = new Set();
const files = [];
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-size: ${key} is not in the build manifest`);
  if (chunk.file.endsWith('.js')) files.push(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
ROOTS.forEach(visit);

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const rows = files.map((file) => ({ file, kb: gz(file) / 1024 })).sort((a, b) => b.kb - a.kb);
const total = rows.reduce((sum, row) => sum + row.kb, 0);

const adminChunks = Object.values(manifest).filter((chunk) => chunk.src?.includes('dashboard/DashboardApp'));
const adminInLanding = adminChunks.some((chunk) => files.includes(chunk.file));

console.log('\nLanding page initial JavaScript (gzip -9):');
for (const row of rows) console.log(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);
console.log(`  ${'-'.repeat(7)}`);
console.log(
  `  ${total.toFixed(1).padStart(7)} KB  total (budget ${BUDGET_KB} ` +
    `KB)${adminInLanding ? '  react-admin is in it!' : ', react-admin not included'}\n`,
);

if (total > BUDGET_KB) console.log(`  OVER BUDGET by ${(total - BUDGET_KB).toFixed(1)} KB\n`);
if (process.argv.includes('--check') && (total > BUDGET_KB || adminInLanding)) process.exit(1);
