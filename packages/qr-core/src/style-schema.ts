// Validation of a style from a form or the API (zod). Kept apart from style.ts so the browser
// preview path, which only needs DEFAULT_STYLE and resolveStyle, does not load zod.
import { z } from 'zod';
import { FRAME_TEXT_MAX_LENGTH, HEX_COLOR_RE } from './style';

const COLOR_MESSAGE = 'Colour must be a hex colour such as #1A2B3C';

const hex = z.string({ error: COLOR_MESSAGE }).trim().regex(HEX_COLOR_RE, { error: COLOR_MESSAGE });
/** '' and null both mean "not set" for the optional colours. */
const optionalHex = z.preprocess((v) => (v === '' ? null : v), hex.nullable());

/** A partial style from a form or the API; unknown keys are dropped. */
export const styleSchema = z
  .object({
    fgColor: hex,
    bgColor: hex,
    gradientColor: optionalHex,
    dotShape: z.enum(['square', 'circle', 'rounded'], { error: 'Dot shape must be square, circle or rounded' }),
    cornerShape: z.enum(['square', 'circle', 'rounded'], { error: 'Corner shape must be square, circle or rounded' }),
    innerCornerShape: z.enum(['square', 'circle', 'rounded'], {
      error: 'Inner corner shape must be square, circle or rounded',
    }),
    outerCornerColor: optionalHex,
    innerCornerColor: optionalHex,
    logo: z
      .object({
        href: z.string().refine((v) => /^data:image\/[a-z0-9.+-]+[;,]/i.test(v) || /^\/(?!\/)/.test(v), {
          error: 'Logo must be a data: URL of an image or a same-origin path',
        }),
      })
      .nullable(),
    enableFrame: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
    frameText: z.string().max(FRAME_TEXT_MAX_LENGTH, { error: `Frame text must be at most ${FRAME_TEXT_MAX_LENGTH} characters` }),
    frameColor: hex,
    frameTextColor: hex,
    frameStyle: z.enum(['rounded', 'square'], { error: 'Frame style must be rounded or square' }),
  })
  .partial();

export type StyleInput = z.infer<typeof styleSchema>;
