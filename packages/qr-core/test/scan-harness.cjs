// Shared by the "every code scans" specs and bench/render: the style matrix, the payloads,
// rasterising with resvg, and the three decoders. Plain CommonJS so the bench can load it
// beside the built package; the specs pass in the TypeScript source's functions.
'use strict';
const { readFileSync } = require('node:fs');
const { Resvg } = require('@resvg/resvg-js');
const zxing = require('zxing-wasm/reader');
const jsQR = require('jsqr');
const ZXingLibrary = require('@zxing/library');

const SHAPES = ['square', 'circle', 'rounded'];
const ORIGIN = 'https://qrsharks.example';

/** A small PNG logo drawn with resvg, as the data: URL the renderer gets from the browser. */
function makeLogoHref() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" rx="20" fill="#0B5FFF"/>' +
    '<path d="M14 66 C30 40 52 22 82 16 C70 34 66 50 70 70 Z" fill="#ffffff"/><circle cx="62" cy="38" r="5" fill="#0B5FFF"/></svg>';
  return `data:image/png;base64,${Buffer.from(new Resvg(svg).render().asPng()).toString('base64')}`;
}

/** Every combination of dot shape, corner shape, inner corner shape, gradient, logo and frame: 216. */
function styleMatrix(logoHref) {
  const out = [];
  for (const dotShape of SHAPES)
    for (const cornerShape of SHAPES)
      for (const innerCornerShape of SHAPES)
        for (const gradient of [false, true])
          for (const logo of [false, true])
            for (const frame of [false, true])
              out.push({
                name:
                  `${dotShape}/${cornerShape}/${innerCornerShape}/` +
                  `${gradient ? 'gradient' : 'flat'}/${logo ? 'logo' : 'nologo'}/${frame ? 'frame' : 'noframe'}`,
                style: {
                  dotShape,
                  cornerShape,
                  innerCornerShape,
                  gradientColor: gradient ? '#ff00ff' : null,
                  logo: logo ? { href: logoHref } : null,
                  enableFrame: frame,
                },
              });
  return out;
}

const FILLER = 'Zoë & Jürgen say: scan me, 42 times; déjà vu! ';
const filler = (n) =>
  FILLER.repeat(Math.ceil(n / FILLER.length) + 1)
    .slice(0, n)
    .trimEnd();

/** Each type's fields (and context) with a free-text part of n characters; short payloads use a small n. */
const TYPE_SAMPLES = {
  url: (n) => [{ url: `https://example.com/menu?q=${encodeURIComponent(filler(n)).slice(0, Math.max(1, n))}` }, {}],
  contact: (n) => [
    { firstName: 'Zoë', lastName: 'Ørsted, Jr.', phoneNumber: '+45 12 34 56 78', email: 'zoe@example.dk', notes: filler(n) },
    {},
  ],
  payment: (n) => [{ productName: filler(n), productPrice: 12.5, productDescription: 'Tee' }, {}],
  pdf: (n) => [{ title: 'Menu' }, { id: `pdf-${'a1b2c3d4'.repeat(Math.ceil(n / 8)).slice(0, n)}` }],
  social: (n) => [
    { platform: 'instagram', url: `https://instagram.com/${'shark_'.repeat(Math.ceil(n / 6)).slice(0, Math.max(1, n))}` },
    {},
  ],
  images: (n) => [{ title: 'Gallery' }, { id: `img-${'9f8e7d6c'.repeat(Math.ceil(n / 8)).slice(0, n)}` }],
  ratings: (n) => [
    {
      businessName: 'Cafe',
      platform: 'google',
      url: `https://g.page/r/${'CafeReview'.repeat(Math.ceil(n / 10)).slice(0, Math.max(1, n))}`,
    },
    {},
  ],
  email: (n) => [{ email: 'hello@example.com', subject: 'Hello', body: filler(n) }, {}],
  location: (n) => [{ address: `1 Main St, ${filler(n)}` }, {}],
  events: (n) => [{ title: 'Launch; party', startDate: '2025-06-01T18:30', location: 'Pier 4', description: filler(n) }, {}],
  apps: (n) => [
    {
      appName: 'Sharks',
      platform: 'googleplay',
      url: `https://play.google.com/store/apps/details?id=${'com.sharks.app'.repeat(Math.ceil(n / 14)).slice(0, Math.max(1, n))}`,
    },
    {},
  ],
  sms: (n) => [{ phoneNumber: '+1 555 010 9999', message: filler(n) }, {}],
  bitcoin: (n) => [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.0015', label: 'Café', message: filler(n) }, {}],
  text: (n) => [{ text: filler(Math.max(1, n)) }, {}],
  wifi: (n) => [{ ssid: 'Sharks; Café', password: `p:${'w0rd'.repeat(Math.ceil(n / 4)).slice(0, n)}`, encryption: 'WPA' }, {}],
};

/**
 * Per type, a short payload and the longest one whose level-H code is at most maxVersion
 * (found by growing the free text), so it sits within one character of that version's capacity.
 */
function buildPayloads(qr, types, maxVersion) {
  const out = [];
  for (const type of types) {
    const make = (n) => {
      const [fields, ctx] = TYPE_SAMPLES[type](n);
      return qr.encodePayload(type, fields, { origin: ORIGIN, ...ctx });
    };
    const fits = (n) => {
      try {
        return qr.encodeMatrix(make(n), 'H').version <= maxVersion;
      } catch (e) {
        return false;
      }
    };
    let lo = 1;
    let hi = 4000;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    out.push({ type, length: 'short', text: make(4) });
    out.push({ type, length: `near-capacity v${maxVersion}`, text: make(lo), version: qr.encodeMatrix(make(lo), 'H').version });
  }
  return out;
}

let prepared = null;
/** Loads ZXing-C++'s .wasm from the installed package (never a CDN). */
function prepareZxing() {
  if (!prepared) {
    prepared = zxing.prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
      fireImmediately: true,
    });
  }
  return prepared;
}

function rasterise(svg, width) {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render();
  return { png: image.asPng(), rgba: new Uint8ClampedArray(image.pixels), width: image.width, height: image.height };
}

async function decodeZxingWasm(raster) {
  const results = await zxing.readBarcodes(raster.png, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  return results.length > 0 && results[0].isValid ? results[0].text : null;
}

function decodeJsQr(raster) {
  const result = jsQR(raster.rgba, raster.width, raster.height, { inversionAttempts: 'dontInvert' });
  return result ? result.data : null;
}

const zxingHints = new Map([[ZXingLibrary.DecodeHintType.TRY_HARDER, true]]);
function decodeZxingLibrary(raster) {
  const { rgba, width, height } = raster;
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; j < luminance.length; i += 4, j++) {
    luminance[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
  }
  try {
    const source = new ZXingLibrary.RGBLuminanceSource(luminance, width, height);
    const bitmap = new ZXingLibrary.BinaryBitmap(new ZXingLibrary.HybridBinarizer(source));
    return new ZXingLibrary.QRCodeReader().decode(bitmap, zxingHints).getText();
  } catch (e) {
    return null;
  }
}

module.exports = {
  ORIGIN,
  SHAPES,
  buildPayloads,
  decodeJsQr,
  decodeZxingLibrary,
  decodeZxingWasm,
  makeLogoHref,
  prepareZxing,
  rasterise,
  styleMatrix,
};
