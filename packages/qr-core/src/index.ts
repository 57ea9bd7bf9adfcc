// The Node entry (backend, tests, bench): the shared core plus the zod schemas, with the frame font
// registered at once so every framed code rendered on the server carries its label. The loaders of
// the browser entry (browser.ts) are here too, already resolved, so code can use either entry.
import { validateContent } from './content-types';
import { FRAME_FONT } from './frame-font';
import { registerFrameFont } from './frame-text';

registerFrameFont(FRAME_FONT);

export * from './core';
export { contentSchemas, validateContent } from './content-types';
export { styleSchema } from './style-schema';
export type { StyleInput } from './style-schema';

/** The font is registered above; kept for code shared with the browser entry. */
export function loadFrameFont(): Promise<void> {
  return Promise.resolve();
}

/** The validator, already loaded here; kept for code shared with the browser entry. */
export function loadValidation(): Promise<typeof validateContent> {
  return Promise.resolve(validateContent);
}
