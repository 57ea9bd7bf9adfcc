import { Module } from '@nestjs/common';
import { PaymentProductsService } from '../payment-products';
import { BillingService } from './billing.service';
import { CheckoutRateLimit } from './checkout-rate-limit';
import { PaymentsController } from './payments.controller';
import { PaymentsProjection } from './payments.projection';
import { PaymentsQueryService } from './payments-query.service';
import { PaymentsService } from './payments.service';
import { RecordStripeEventHandler } from './record-stripe-event.command';
import { CreateSellerAccountHandler, SyncSellerAccountHandler } from './seller-account.command';
import { StripeWebhookService } from './stripe-webhook.service';
import { StripeGateway } from './stripe.client';

/**
 * Payments through Stripe (issue 20): payment-link codes pay their owners through Connect, Premium subscriptions,
 * and the signed webhooks that alone decide both. Codes (CodesQueryService) and tenants are global modules.
 */
@Module({
  controllers: [PaymentsController],
  providers: [
    StripeGateway,
    // Stateless (it reads codes through the global CodesQueryService): our own instance, through its front door.
    PaymentProductsService,
    PaymentsService,
    CheckoutRateLimit,
    BillingService,
    StripeWebhookService,
    PaymentsQueryService,
    PaymentsProjection,
    RecordStripeEventHandler,
    CreateSellerAccountHandler,
    SyncSellerAccountHandler,
  ],
  exports: [PaymentsQueryService],
})
export class PaymentsModule {}
