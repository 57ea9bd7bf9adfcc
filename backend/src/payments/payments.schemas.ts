import { z } from 'zod';
import { text } from '../common/input';

export const PRODUCT_ID_REQUIRED = 'Product ID is required';

/**
 * POST /api/create-payment-intent: the spec's {amount, productId, productName}. The amount and name are accepted and
 * ignored: what is charged is the stored product's price. checkoutId names one checkout attempt (the page makes one
 * per visit): the same attempt sent again gets the same PaymentIntent (Stripe's idempotency key).
 */
export const createPaymentIntentSchema = z.object({
  productId: z.string({ error: PRODUCT_ID_REQUIRED }).regex(/^[0-9a-f-]{36}$/i, PRODUCT_ID_REQUIRED),
  amount: z.union([z.number(), z.string()]).optional(),
  productName: text({ label: 'Product name', max: 500 }).optional(),
  checkoutId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'checkoutId must be 8 to 64 letters, digits, - or _')
    .optional(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;
