// The browser entry: everything the generator's preview needs, without zod and without the frame
// font's glyph table (about 20 KB gzipped each). Both load on demand: loadValidation() when a form
// is submitted, loadFrameFont() when the frame is turned on. index.ts (Node) offers the same API,
// already loaded.
import type { validateContent } from './content-types';
import { isFrameFontLoaded, registerFrameFont } from './frame-text';

export * from './core';

let fontLoading: Promise<void> | null = null;

/** Loads and registers the frame font (its own chunk); renderSvg refuses framed labels until then. */
export function loadFrameFont(): Promise<void> {
  if (isFrameFontLoaded()) return Promise.resolve();
  fontLoading ??= import('./frame-font').then(
    (module) => registerFrameFont(module.FRAME_FONT),
    (error: unknown) => {
      fontLoading = null;
      throw error;
    },
  );
  return fontLoading;
}

/** The content validator (zod schemas), loaded on first use so zod is not part of the first page load. */
export function loadValidation(): Promise<typeof validateContent> {
  return import('./content-types').then((module) => module.validateContent);
}
