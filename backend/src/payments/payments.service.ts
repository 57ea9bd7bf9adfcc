import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { AuthUser } from '../accounts';
import { CodesQueryService } from '../codes';
import { DomainError, loadStream } from '../command-pipeline';
import { EventStore } from '../event-store/event-store';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PaymentProductsService } from '../payment-products';
import { TenantsService } from '../tenants';
import { evolveSeller, initialSeller, platformFee, SELLER_NOT_READY, SellerState } from './payment';
import { sellerStream } from './payment.events';
import { CheckoutRateLimit } from './checkout-rate-limit';
import type { CreatePaymentIntentInput } from './payments.schemas';
import { CreateSellerAccountCommand, SyncSellerAccountCommand } from './seller-account.command';
import { accountFlags } from './stripe-webhook.service';
import { StripeGateway, stripeFailure } from './stripe.client';

export interface SellerStatus {
  connected: boolean;
  accountId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** Checkout of payment-link codes (destination charges to the owner's Connect account) and the owners' onboarding. */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly products: PaymentProductsService,
    private readonly codes: CodesQueryService,
    private readonly tenants: TenantsService,
    private readonly commandBus: CommandBus,
    private readonly rateLimit: CheckoutRateLimit,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** POST /api/create-payment-intent: the stored price, to the code owner's account, minus the platform fee. */
  async createPaymentIntent(input: CreatePaymentIntentInput, tenantId: number, ip: string): Promise<{ clientSecret: string }> {
    const stripe = this.gateway.require();
    await this.rateLimit.hit(ip);
    const product = await this.products.product(input.productId, tenantId);
    const code = await this.codes.load(product.id);
    if (!code) throw DomainError.notFound('Product not found');
    const ownerId = code.state.code.userId;
    const seller = await this.refreshedSeller(stripe, ownerId);
    if (!seller.accountId || !seller.chargesEnabled) throw DomainError.conflict(SELLER_NOT_READY);
    const amount = product.productPrice;
    const attempt = input.checkoutId ?? randomUUID();
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          application_fee_amount: platformFee(amount, this.gateway.feePercent),
          transfer_data: { destination: seller.accountId },
          description: product.productName.slice(0, 500),
          metadata: {
            productId: product.id,
            qrId: product.id,
            ownerId,
            tenantId: String(tenantId),
            productName: product.productName.slice(0, 450),
          },
        },
        { idempotencyKey: `checkout-${product.id}-${amount}-${attempt}` },
      );
      if (!intent.client_secret) throw new Error('no client secret');
      return { clientSecret: intent.client_secret };
    } catch (error) {
      throw paymentSetupFailure(error);
    }
  }

  /** GET /api/payments/connect: the signed-in owner's Connect account (re-read from Stripe until it can take charges). */
  async sellerStatus(user: AuthUser): Promise<SellerStatus> {
    const seller = this.gateway.client ? await this.refreshedSeller(this.gateway.client, user.id) : await this.seller(user.id);
    return {
      connected: seller.accountId !== null,
      accountId: seller.accountId,
      chargesEnabled: seller.chargesEnabled,
      payoutsEnabled: seller.payoutsEnabled,
      detailsSubmitted: seller.detailsSubmitted,
    };
  }

  /** POST /api/payments/connect/onboarding: an Express account (made once) and a fresh onboarding link to it. */
  async onboardingLink(user: AuthUser): Promise<{ url: string }> {
    const stripe = this.gateway.require();
    let seller = await this.seller(user.id);
    try {
      if (!seller.accountId) {
        const account = await stripe.accounts.create(
          { type: 'express', email: user.email || undefined, metadata: { userId: user.id, tenantId: String(user.tenantId) } },
          { idempotencyKey: `seller-${user.id}` },
        );
        seller = await this.commandBus.execute(new CreateSellerAccountCommand(user.id, user.tenantId, account.id));
      }
      const { origin } = await this.tenants.brand(user.tenantId);
      const link = await stripe.accountLinks.create({
        account: seller.accountId as string,
        type: 'account_onboarding',
        refresh_url: `${origin}/dashboard?connect=refresh`,
        return_url: `${origin}/dashboard?connect=return`,
      });
      return { url: link.url };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  private async seller(userId: string): Promise<SellerState> {
    return (await loadStream(this.store, sellerStream(userId), initialSeller, evolveSeller)).state;
  }

  /** The seller as recorded; an account that cannot take charges yet is read from Stripe (onboarding may be done). */
  private async refreshedSeller(stripe: Stripe, userId: string): Promise<SellerState> {
    const seller = await this.seller(userId);
    if (!seller.accountId || seller.chargesEnabled) return seller;
    let account: Stripe.Account;
    try {
      account = await stripe.accounts.retrieve(seller.accountId);
    } catch {
      return seller;
    }
    return this.commandBus.execute(new SyncSellerAccountCommand(userId, seller.accountId, accountFlags(account)));
  }
}

/** Stripe refusing the intent (an amount under its minimum, say) is the caller's 400; Stripe unreachable is 503. */
function paymentSetupFailure(error: unknown): DomainError {
  const type = (error as { type?: string }).type;
  if (type === 'StripeInvalidRequestError' || type === 'StripeCardError')
    return DomainError.invalid((error as Error).message || 'Could not process payment setup');
  return stripeFailure(error);
}
