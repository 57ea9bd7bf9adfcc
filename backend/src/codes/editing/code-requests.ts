import { z } from 'zod';
import { DomainError } from '../../common/domain-error';
import { parseCodeChanges, parseCodeInput, parsePreviewInput } from '../model/code-input';
import { codeBodySchema, codeChangesSchema } from './codes.schemas';

/**
 * One input style at the edge (issue 29 item 3): the codes routes take their parsed input from @BodyOf like every
 * other route. These schemas are the bodies of codes.schemas.ts (documented in /api/docs as sent) followed by the rules
 * of model/code-input.ts, whose field messages (the spec's) become the schema's issues: the same 400, the same fields.
 */
function asIssues<T>(ctx: z.RefinementCtx, rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'invalid') throw error;
    for (const [field, message] of Object.entries(error.fields ?? { _: error.message }))
      ctx.addIssue({ code: 'custom', path: field === '_' ? [] : [field], message });
    return z.NEVER;
  }
}

/** POST /api/qrcodes (the body's qrMode) and, with mode 'dynamic', POST /api/dynamic-qrcodes. */
export const codeInputSchema = (mode?: 'dynamic') =>
  codeBodySchema.transform((body, ctx) => asIssues(ctx, () => parseCodeInput(body, { mode })));

/** POST /api/generate-qrcode: a preview (type, content, style), plus what decides its refusals and level. */
export const codePreviewSchema = codeBodySchema.transform((body, ctx) =>
  asIssues(ctx, () => ({
    ...parsePreviewInput(body),
    logoFile: body.logoFile ?? null,
    temporary: body.temporary === true || body.temporary === 'true',
  })),
);
export type CodePreview = z.output<typeof codePreviewSchema>;

/** PUT /api/qrcodes/{id} and /api/dynamic-qrcodes/{id}: the changes, and the version the body names (when If-Match does not). */
export const codeChangesInputSchema = codeChangesSchema.transform((body, ctx) =>
  asIssues(ctx, () => ({ changes: parseCodeChanges(body), expectedVersion: body.expectedVersion ?? body.version })),
);
export type CodeChangesInput = z.output<typeof codeChangesInputSchema>;
