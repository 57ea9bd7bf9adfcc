import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated, type AuthUser, CurrentUser } from '../accounts';
import { AnswerOf, BodyOf, ErrorAnswers, IdParam, uuidId } from '../common/input';
import { ClientIp, Tenant } from '../common/request-params';
import { BillingService } from './billing.service';
import {
  codePaymentsAnswer,
  paymentIntentAnswer,
  paymentsConfigAnswer,
  redirectUrlAnswer,
  sellerStatusAnswer,
  type CodePaymentsAnswer,
  type PaymentIntentAnswer,
  type PaymentsConfigAnswer,
  type RedirectUrlAnswer,
  type SellerStatusAnswer,
} from './payments.answers';
import { createPaymentIntentSchema, type CreatePaymentIntentInput } from './payments.schemas';
import { PaymentsQueryService } from './payments-query.service';
import { PaymentsService } from './payments.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { StripeGateway } from './stripe.client';

/** Payments: checkout of payment-link codes, the owners' Connect onboarding, Premium, and Stripe's webhook. */
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly gateway: StripeGateway,
    private readonly payments: PaymentsService,
    private readonly billing: BillingService,
    private readonly webhooks: StripeWebhookService,
    private readonly query: PaymentsQueryService,
  ) {}

  /** Public: whether payments are configured, the publishable key and the optional pricing table. */
  @Get('payments/config') @AnswerOf(paymentsConfigAnswer) config(): PaymentsConfigAnswer {
    return this.gateway.publicConfig();
  }

  /** Public (buyers are anonymous): the stored product's price is charged, whatever `amount` says. */
  @Post('create-payment-intent')
  @HttpCode(200)
  @AnswerOf(paymentIntentAnswer)
  @ErrorAnswers({
    400: 'The body does not fit, or Stripe refused the payment setup',
    404: 'No payment product of this brand with that id',
    409: "The code's owner cannot take payments yet",
    429: 'Too many checkouts from this network',
    503: 'Payments are not configured, or Stripe could not be reached',
  })
  createPaymentIntent(
    @BodyOf(createPaymentIntentSchema) input: CreatePaymentIntentInput,
    @Tenant() tenantId: number,
    @ClientIp() ip: string,
  ): Promise<PaymentIntentAnswer> {
    return this.payments.createPaymentIntent(input, tenantId, ip);
  }

  /** Stripe's signed events (raw body, Stripe-Signature); not for browsers. */
  @Post('stripe/webhook') @HttpCode(200) @ApiExcludeEndpoint() webhook(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ) {
    return this.webhooks.handle(req.rawBody, signature);
  }

  @Get('payments/connect') @Authenticated() @AnswerOf(sellerStatusAnswer) seller(
    @CurrentUser() user: AuthUser,
  ): Promise<SellerStatusAnswer> {
    return this.payments.sellerStatus(user);
  }

  @Post('payments/connect/onboarding') @HttpCode(200) @Authenticated() @AnswerOf(redirectUrlAnswer) onboarding(
    @CurrentUser() user: AuthUser,
  ): Promise<RedirectUrlAnswer> {
    return this.payments.onboardingLink(user);
  }

  @Get('qrcodes/:id/payments') @Authenticated() @AnswerOf(codePaymentsAnswer) codePayments(
    @CurrentUser() user: AuthUser,
    @IdParam('id', uuidId(), 'QR code not found') id: string,
  ): Promise<CodePaymentsAnswer> {
    return this.query.codePayments(user, id);
  }

  @Post('billing/checkout') @HttpCode(200) @Authenticated() @AnswerOf(redirectUrlAnswer) checkout(
    @CurrentUser() user: AuthUser,
  ): Promise<RedirectUrlAnswer> {
    return this.billing.checkout(user);
  }

  @Post('billing/portal') @HttpCode(200) @Authenticated() @AnswerOf(redirectUrlAnswer) portal(
    @CurrentUser() user: AuthUser,
  ): Promise<RedirectUrlAnswer> {
    return this.billing.portal(user);
  }
}
