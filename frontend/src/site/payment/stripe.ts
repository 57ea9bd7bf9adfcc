import type { Stripe, StripeElements } from '@stripe/stripe-js';
// The pure entry loads Stripe.js from js.stripe.com only when a payment form asks for it, not on import.
import { loadStripe as loadStripeJs } from '@stripe/stripe-js/pure';

export type StripeInstance = Stripe;
export type { StripeElements };

/** Stripe.js for the tenant's publishable key; rejects when it cannot be loaded (blocked, offline). */
export async function loadStripe(publishableKey: string): Promise<StripeInstance> {
  const stripe = await loadStripeJs(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  return stripe;
}
