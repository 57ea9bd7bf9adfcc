import { z } from 'zod';

/** One dependency's check: whether it answered, how long it took, and why not. */
const check = z.object({
  ok: z.boolean(),
  ms: z.number().int().min(0).meta({ description: 'How long the check took, in milliseconds' }),
  error: z.string().optional().meta({ description: "Why it failed (the driver's message, or 'timed out after 1500 ms')" }),
});

/** GET /api/health: the probe's answer, with 200 when every part answered and 503 otherwise. */
export const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  postgres: check,
  redis: check,
  eventStore: check,
});
export type HealthAnswer = z.output<typeof healthAnswer>;
