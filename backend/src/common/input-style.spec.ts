import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Product files under backend/src (tests and test support aside). */
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : productFiles(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Raw reads. Headers too (@HeaderOf), except If-Match, which command-pipeline/versions.ts turns into the command's
 * ExpectedVersion (412/428 by its own rules), and Stripe's signature, checked with the raw body it signs.
 */
const RAW = /@(Param|Query|Body)\(|new ZodPipe\(|@Headers\((?!'if-match'\)|'stripe-signature'\))/;

/**
 * One input style at the edge (issue 29 item 3): a route's body, query and path values are parsed by the decorators of
 * common/input.ts (@BodyOf, @QueryOf, @QueryOrBodyOf, @IdParam, @ParamOf, @HeaderOf), each from a zod schema that also documents
 * the route; no route reads them raw, and no controller builds its own pipe.
 */
describe('input at the edge', () => {
  it('no route reads @Param, @Query, @Body or a header raw, and no pipe is built outside common/input.ts', () => {
    const src = join(__dirname, '..');
    const found: string[] = [];
    for (const file of productFiles(src)) {
      if (file === join(__dirname, 'input.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (RAW.test(line)) found.push(`${relative(src, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
