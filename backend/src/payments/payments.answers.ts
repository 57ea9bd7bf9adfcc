import { z } from 'zod';

/**
 * What the payments routes answer, as zod schemas: `@AnswerOf` puts them into /api/docs, from which the frontend's
 * types are generated (frontend/src/api/schema.d.ts); the handlers' return types are these schemas' types.
 */

const cents = z.number().int().meta({ description: "In the currency's smallest unit (cents)" });

/** GET /api/payments/config (public). */
export const paymentsConfigAnswer = z.object({
  configured: z.boolean(),
  publishableKey: z.string().nullable(),
  pricingTableId: z.string().nullable(),
  subscriptions: z.boolean().meta({ description: 'Premium can be bought (a subscription price is set)' }),
});
export type PaymentsConfigAnswer = z.output<typeof paymentsConfigAnswer>;

/** POST /api/create-payment-intent (public): what Stripe's Payment Element confirms the buyer's payment with. */
export const paymentIntentAnswer = z.object({
  clientSecret: z.string().meta({ description: "The PaymentIntent's client secret, for Stripe.js; the stored product's price is charged" }),
});
export type PaymentIntentAnswer = z.output<typeof paymentIntentAnswer>;

/** GET /api/payments/connect: the owner's Stripe Connect account. */
export const sellerStatusAnswer = z.object({
  connected: z.boolean(),
  accountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type SellerStatusAnswer = z.output<typeof sellerStatusAnswer>;

/** Where the browser goes next: Stripe's onboarding, checkout or billing portal. */
export const redirectUrlAnswer = z.object({ url: z.string() });
export type RedirectUrlAnswer = z.output<typeof redirectUrlAnswer>;

/** GET /api/qrcodes/{id}/payments: a payment code's payments and revenue. */
export const codePaymentsAnswer = z.object({
  qrId: z.string(),
  currency: z.string(),
  totalRevenue: cents.meta({ description: 'Succeeded payments only; cents' }),
  paymentCount: z.number().int().min(0),
  days: z
    .array(z.object({ day: z.string(), payments: z.number().int().min(0), revenue: cents }))
    .meta({ description: 'Per UTC day with at least one succeeded payment, oldest first' }),
  payments: z
    .array(
      z.object({
        id: z.string(),
        amount: cents,
        currency: z.string(),
        status: z.string(),
        at: z.string(),
        failureMessage: z.string().nullable(),
      }),
    )
    .meta({ description: 'The latest 100 payments, failed ones included, newest first' }),
});
export type CodePaymentsAnswer = z.output<typeof codePaymentsAnswer>;
