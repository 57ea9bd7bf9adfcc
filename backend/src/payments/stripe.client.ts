import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DomainError } from '../command-pipeline';
import { ENV, Env } from '../config/env';
import { PAYMENTS_NOT_CONFIGURED, SUBSCRIPTIONS_NOT_CONFIGURED } from './payment';

/** Webhook timestamps older than this are refused (Stripe's own default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The one Stripe SDK client of the product. Without the secret, publishable and webhook keys there is none and every
 * payment route answers 503 PAYMENTS_NOT_CONFIGURED. STRIPE_API_HOST/PORT/PROTOCOL send the SDK's calls elsewhere
 * (the tests' local double, stripe-mock); unset they are Stripe's.
 */
@Injectable()
export class StripeGateway {
  readonly client: Stripe | null;

  constructor(@Inject(ENV) private readonly env: Env) {
    this.client =
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
        ? new Stripe(env.STRIPE_SECRET_KEY, {
            maxNetworkRetries: 2,
            timeout: 20_000,
            telemetry: false,
            ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
            ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
            ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
          })
        : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** The client, or 503 'Payments are not configured.' */
  require(): Stripe {
    if (!this.client) throw new DomainError('unavailable', PAYMENTS_NOT_CONFIGURED);
    return this.client;
  }

  /** The client and Premium's price, or 503. */
  requirePrice(): { stripe: Stripe; priceId: string } {
    const stripe = this.require();
    if (!this.env.STRIPE_PRICE_ID) throw new DomainError('unavailable', SUBSCRIPTIONS_NOT_CONFIGURED);
    return { stripe, priceId: this.env.STRIPE_PRICE_ID };
  }

  /** The platform endpoint's signing secret, and the Connect endpoint's when it is a separate one. */
  get webhookSecrets(): string[] {
    return [this.env.STRIPE_WEBHOOK_SECRET, this.env.STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret));
  }

  /** What the browser needs: the publishable key (public by design) and the optional pricing table. */
  publicConfig(): { configured: boolean; publishableKey: string | null; pricingTableId: string | null; subscriptions: boolean } {
    return {
      configured: this.configured,
      publishableKey: this.configured ? (this.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      pricingTableId: this.configured ? (this.env.STRIPE_PRICING_TABLE_ID ?? null) : null,
      subscriptions: this.configured && Boolean(this.env.STRIPE_PRICE_ID),
    };
  }

  get feePercent(): number {
    return this.env.STRIPE_PLATFORM_FEE_PERCENT;
  }

  get publicOrigin(): string {
    return this.env.PUBLIC_ORIGIN.replace(/\/+$/, '');
  }
}

/** A Stripe API failure as ours: Stripe unreachable or refusing is 503 for the caller, never a 500. */
export function stripeFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  return new DomainError('unavailable', 'The payment provider could not be reached. Please try again in a moment.');
}
