import { z } from 'zod';

/**
 * What GET /api/payment-product/{id} answers, as a zod schema: `@AnswerOf` puts it into /api/docs, from which the
 * frontend's types are generated (frontend/src/api/schema.d.ts); the service's return type is this schema's type.
 */
export const paymentProductAnswer = z.object({
  id: z.string(),
  productName: z.string(),
  productDescription: z.string(),
  productPrice: z.number().int().min(0).meta({ description: 'Cents' }),
});
export type PaymentProduct = z.output<typeof paymentProductAnswer>;
