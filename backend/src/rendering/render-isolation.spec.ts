import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.(spec|int-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('nothing rasterises on the event loop that answers /d/', () => {
  it('only render-png.ts loads resvg, and only the render process loads render-png.ts', () => {
    const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.filter((file) => file.text.includes('@resvg/resvg-js')).map((file) => file.path)).toEqual(['rendering/render-png.ts']);
    expect(files.filter((file) => /from '[./]*(rendering\/)?render-png'/.test(file.text)).map((file) => file.path)).toEqual([
      'rendering/render-process.ts',
    ]);
  });

  it('the scan check’s decoders (issue 35) load in render-png.ts’s process only', () => {
    const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
    expect(files.filter((file) => /from '(jsqr|zxing-wasm[^']*)'/.test(file.text)).map((file) => file.path)).toEqual([
      'rendering/scan-decoders.ts',
    ]);
    expect(files.filter((file) => /from '[./]*(rendering\/)?scan-decoders'/.test(file.text)).map((file) => file.path)).toEqual([
      'rendering/render-png.ts',
    ]);
  });
});
