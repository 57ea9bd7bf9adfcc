import { renderSvg } from '@qrsharks/qr-core';
import { renderPng } from './render-png';
import { RenderError, RenderPool } from './render-pool';

/** An SVG whose filter makes resvg work for seconds on a small canvas (measured: about 6 s in one process here). */
const HOSTILE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><filter id="f" x="-2" y="-2" width="5" height="5">' +
  '<feTurbulence baseFrequency="0.9" numOctaves="10"/></filter><rect width="600" height="600" filter="url(#f)"/></svg>';
/** 30000 x 30000 RGBA: a 3.6 GB pixel buffer. */
const HUGE = '<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"><rect width="10" height="10"/></svg>';

describe('RenderPool (render processes)', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = new RenderPool({ size: 2, timeoutMs: 20_000, memoryMb: 512, queueLimit: 4 });
  });
  afterAll(() => pool.close());

  it('renders a styled code to exactly the PNG the in-process renderer makes', async () => {
    const svg = renderSvg('https://qrsharks.example/d/abc123', { enableFrame: true, dotShape: 'rounded' });
    const png = await pool.run({ kind: 'png', svg, scale: 3 });
    expect(png.equals(renderPng(svg, 3))).toBe(true);
  }, 60_000);

  it(
    'ends a render past its time budget (timeout) while this event loop keeps running, and renders the next job in a fresh ' + 'process',
    async () => {
      // The event loop's heartbeat while the hostile render runs: the longest gap between two ticks.
      let ticks = 0;
      let last = Date.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = Date.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
        ticks += 1;
      }, 10);
      const started = Date.now();
      const error = await pool.run({ kind: 'rasterise', svg: HOSTILE, width: 600 }, 1500).catch((caught: unknown) => caught);
      clearInterval(ticker);
      expect(error).toBeInstanceOf(RenderError);
      expect((error as RenderError).reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(10_000);
      // The loop was free the whole time: it ticked through the 1.5 s budget and never stalled for as long as the budget.
      // A render on this loop would block it for the whole render (about 6 s here: the budget's timer cannot fire while
      // resvg holds the loop). A gap, not a tick count: a loaded machine delays ticks. Not half the budget either: two
      // test runs at once on two cores (load 9) saw one gap of 1.3 s (the fresh process's spawn, the collector).
      expect(ticks).toBeGreaterThan(5);
      expect(longestGap).toBeLessThan(1500);
      const png = await pool.run({ kind: 'png', svg: renderSvg('after the timeout'), scale: 1 });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    },
    60_000,
  );

  it('a render that needs more memory than the limit ends its own process (memory), not this one', async () => {
    const error = await pool.run({ kind: 'rasterise', svg: HUGE, width: 30_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).reason).toBe('memory');
    const png = await pool.run({ kind: 'png', svg: renderSvg('after the memory limit'), scale: 1 });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);

  it('refuses at once (busy) when more jobs wait than the queue holds, and resvg refusing an input is invalid', async () => {
    const small = new RenderPool({ size: 1, timeoutMs: 1000, memoryMb: 512, queueLimit: 1 });
    try {
      await small.run({ kind: 'png', svg: renderSvg('warm-up'), scale: 1 }); // the process is up: the next job runs at once
      const running = small.run({ kind: 'rasterise', svg: HOSTILE, width: 600 }).catch((caught: RenderError) => caught.reason);
      const queued = small.run({ kind: 'png', svg: renderSvg('queued'), scale: 1 }).then(() => 'ok');
      const refused = await small.run({ kind: 'png', svg: renderSvg('refused'), scale: 1 }).catch((caught: RenderError) => caught.reason);
      expect(refused).toBe('busy');
      expect(await running).toBe('timeout');
      expect(await queued).toBe('ok');
      const invalid = await small.run({ kind: 'png', svg: 'not an svg', scale: 1 }).catch((caught: RenderError) => caught.reason);
      expect(invalid).toBe('invalid');
    } finally {
      await small.close();
    }
  }, 60_000);
});
