// Render benchmark for @qrsharks/qr-core. Single-threaded (one core); see README.md.
// Usage: npm run build -w packages/qr-core && node bench/render/run.mjs [--quick]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const coreDir = join(here, '..', '..', 'packages', 'qr-core');
const require = createRequire(join(coreDir, 'package.json'));
const distEntry = join(coreDir, 'dist', 'cjs', 'index.js');
if (!existsSync(distEntry)) {
  console.error('packages/qr-core is not built: run `npm run build -w packages/qr-core` first.');
  process.exit(1);
}
const core = require(distEntry);
const QRCode = require('qrcode');
const { Resvg } = require('@resvg/resvg-js');
const { JSDOM } = require('jsdom');
const { QRCodeStyling } = require('qr-code-styling/lib/qr-code-styling.common.js');
const harness = require(join(coreDir, 'test', 'scan-harness.cjs'));

const quick = process.argv.includes('--quick');
const fmt = (n, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// The same 64 payloads for every contender: dynamic links, URLs and a vCard, 20 to 200 characters.
const payloads = [];
for (let i = 0; i < 64; i++) {
  if (i % 4 === 0) payloads.push(core.dynamicLink('https://qrsharks.example', `k${(i * 7919).toString(36)}`));
  else if (i % 4 === 1) payloads.push(`https://example.com/menu/${i}?utm_source=qr&table=${i * 3}`);
  else if (i % 4 === 2)
    payloads.push(
      core.encodePayload(
        'contact',
        { firstName: 'Zoë', lastName: `Shark ${i}`, phoneNumber: '+45 12 34 56 78', email: `z${i}@example.dk` },
        { origin: '' },
      ),
    );
  else payloads.push(`https://example.com/${'p'.repeat(i * 2)}`);
}

/** A styled code as the generator makes it: rounded dots, circle corners, gradient, frame. */
const STYLED = {
  dotShape: 'rounded',
  cornerShape: 'circle',
  innerCornerShape: 'circle',
  gradientColor: '#ff00ff',
  outerCornerColor: '#1E40AF',
  enableFrame: true,
  frameText: 'SCAN ME',
};

/** Runs fn over the payloads for about ms milliseconds (after a warm-up); returns calls per second. */
function rate(fn, ms) {
  for (let i = 0; i < 200; i++) fn(payloads[i % payloads.length]);
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 50; i++) fn(payloads[(calls + i) % payloads.length]);
    calls += 50;
    now = performance.now();
  }
  return (calls * 1000) / (now - start);
}

const lines = [];
const out = (s) => {
  lines.push(s);
  console.log(s);
};

out(`qr-core render benchmark, node ${process.version}, one thread${quick ? ' (--quick)' : ''}`);

// 1. Styled encode+SVG against qrcode's own plain SVG, level M (dynamic codes) and level H (display).
const window = quick ? 800 : 3000;
for (const level of ['M', 'H']) {
  const plain = rate((t) => {
    let svg = '';
    QRCode.toString(t, { type: 'svg', errorCorrectionLevel: level }, (err, s) => {
      if (err) throw err;
      svg = s;
    });
    return svg;
  }, window);
  const styled = rate((t) => core.renderSvg(t, STYLED, { errorCorrectionLevel: level }), window);
  const defaults = rate((t) => core.renderSvg(t, {}, { errorCorrectionLevel: level }), window);
  out(
    `[svg, level ${level}] qrcode toString({type:'svg'}): ${fmt(plain, 0)}/s; qr-core styled: ${fmt(styled, 0)}/s (ratio ` +
      `${fmt(styled / plain, 2)}, target >= 0.80); qr-core default style: ${fmt(defaults, 0)}/s (ratio ${fmt(defaults / plain, 2)})`,
  );
}

// 2. qr-code-styling in Node with jsdom, the same payloads and a comparable style.
{
  const n = quick ? 20 : 100;
  const times = [];
  for (let i = 0; i < n + 5; i++) {
    const start = performance.now();
    const qr = new QRCodeStyling({
      jsdom: JSDOM,
      type: 'svg',
      width: 328,
      height: 328,
      data: payloads[i % payloads.length],
      qrOptions: { errorCorrectionLevel: 'M' },
      dotsOptions: {
        type: 'rounded',
        gradient: {
          type: 'linear',
          rotation: 0.785,
          colorStops: [
            { offset: 0, color: '#000000' },
            { offset: 1, color: '#ff00ff' },
          ],
        },
      },
      cornersSquareOptions: { type: 'extra-rounded', color: '#1E40AF' },
      cornersDotOptions: { type: 'dot' },
      backgroundOptions: { color: '#FFFFFF' },
    });
    await qr.getRawData('svg');
    if (i >= 5) times.push(performance.now() - start);
  }
  const theirs = times.reduce((a, b) => a + b, 0) / times.length;
  const oursRate = rate((t) => core.renderSvg(t, STYLED, { errorCorrectionLevel: 'M' }), quick ? 500 : 1500);
  const ours = 1000 / oursRate;
  out(
    `[vs qr-code-styling+jsdom] qr-code-styling: ${fmt(theirs, 2)} ms/code (median ${fmt(median(times), 2)}); qr-core styled: ` +
      `${fmt(ours, 3)} ms/code; qr-core is ${fmt(theirs / ours, 0)}x faster (target >= 50x)`,
  );
}

// 3. PNG at scale 3 (the download) of a styled 33-module code (version 4), same options as backend/src/rendering/render-png.ts.
{
  const text = core.dynamicLink('https://qrsharks.example', 'Ab3x9Kq');
  const m = core.encodeMatrix(text, 'H');
  const svg = core.renderSvg(text, STYLED);
  // The backend's encoder (backend/src/rendering/png-encoder.ts, built by `npm run build`); resvg's asPng() for comparison.
  const encoderPath = join(here, '..', '..', 'backend', 'dist', 'rendering', 'png-encoder.js');
  const encodePng = existsSync(encoderPath) ? require(encoderPath).encodePng : null;
  if (!encodePng) out('[png scale 3] backend/dist is not built: measuring resvg asPng() only (run `npm run build` first)');
  const renderOnly = [];
  const withPng = [];
  const withAsPng = [];
  const n = quick ? 20 : 100;
  for (let i = 0; i < n + 5; i++) {
    const t0 = performance.now();
    const image = new Resvg(svg, {
      fitTo: { mode: 'zoom', value: 3 },
      font: { loadSystemFonts: false },
      imageRendering: 0,
      shapeRendering: 2,
    }).render();
    const t1 = performance.now();
    const png = encodePng ? encodePng(image.pixels, image.width, image.height) : image.asPng();
    const t2 = performance.now();
    image.asPng();
    const t3 = performance.now();
    if (i >= 5) {
      renderOnly.push(t1 - t0);
      withPng.push(t2 - t0);
      withAsPng.push(t1 - t0 + (t3 - t2));
    }
    if (i === 0 && png.length < 100) throw new Error('empty PNG');
  }
  out(
    `[png scale 3] ${m.size}-module styled code (v${m.version}, framed, 984 px wide): median ${fmt(median(withPng), 2)} ms per PNG ` +
      `(target < 20 ms), of which resvg render ${fmt(median(renderOnly), 2)} ms (with resvg's own asPng() instead: ` +
      `${fmt(median(withAsPng), 2)} ms); p90 ${fmt([...withPng].sort((a, b) => a - b)[Math.floor(withPng.length * 0.9)], 2)} ms`,
  );
}

// 4. 10,000 styled SVGs in one process.
{
  const count = 10_000;
  const start = performance.now();
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += core.renderSvg(payloads[i % payloads.length], STYLED).length;
  const seconds = (performance.now() - start) / 1000;
  out(
    `[10,000 styled SVGs] ${fmt(seconds, 2)} s (target < 10 s), ${fmt(count / seconds, 0)}/s, average ${fmt(bytes / count / 1024, 1)} ` +
      `KiB per SVG`,
  );
}

// 5. Decode rates of the three decoders over the 216-style matrix, at 984 and 328 px.
{
  await harness.prepareZxing();
  const cases = harness.styleMatrix(harness.makeLogoHref());
  const all = harness.buildPayloads(core, core.QR_TYPES, 20);
  const step = quick ? 6 : 1;
  const totals = {};
  for (const size of [984, 328]) totals[size] = { n: 0, zxingWasm: 0, zxingLibrary: 0, jsqr: 0 };
  const perShape = {};
  for (let i = 0; i < cases.length; i += step) {
    const c = cases[i];
    const payload = all[i % all.length];
    const svg = core.renderSvg(payload.text, c.style);
    for (const size of [984, 328]) {
      const raster = harness.rasterise(svg, size);
      const t = totals[size];
      t.n++;
      const zw = (await harness.decodeZxingWasm(raster)) === payload.text;
      const zl = harness.decodeZxingLibrary(raster) === payload.text;
      const jq = harness.decodeJsQr(raster) === payload.text;
      t.zxingWasm += zw;
      t.zxingLibrary += zl;
      t.jsqr += jq;
      for (const key of [
        `dots ${c.style.dotShape}`,
        `corners ${c.style.cornerShape}`,
        `centres ${c.style.innerCornerShape}`,
        c.style.logo ? 'logo' : 'no logo',
        c.style.enableFrame ? 'frame' : 'no frame',
        c.style.gradientColor ? 'gradient' : 'flat',
      ]) {
        perShape[key] ??= { n: 0, zxingWasm: 0, zxingLibrary: 0, jsqr: 0 };
        perShape[key].n++;
        perShape[key].zxingWasm += zw;
        perShape[key].zxingLibrary += zl;
        perShape[key].jsqr += jq;
      }
    }
  }
  const pct = (a, n) => `${a}/${n} (${fmt((100 * a) / n, 1)}%)`;
  for (const size of [984, 328]) {
    const t = totals[size];
    out(
      `[decode @${size}px over ${t.n} styles, short and near-capacity v20 payloads of all 15 types] zxing-wasm ${pct(t.zxingWasm, t.n)}; ` +
        `@zxing/library ${pct(t.zxingLibrary, t.n)}; jsQR ${pct(t.jsqr, t.n)}`,
    );
  }
  for (const [key, t] of Object.entries(perShape)) {
    out(`  ${key.padEnd(16)} zxing-wasm ${pct(t.zxingWasm, t.n)}; @zxing/library ${pct(t.zxingLibrary, t.n)}; jsQR ${pct(t.jsqr, t.n)}`);
  }
}
