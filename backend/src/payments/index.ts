/**
 * The payments feature's front door: its events (PaymentSucceeded/PaymentFailed on payment-{intentId}, the sellers'
 * Connect accounts, Stripe event receipts) and its query service. Other features import payments only from here.
 */
export * from './payment.events';
export { PaymentsQueryService, type CodePayments, type PaymentExport } from './payments-query.service';
export { PAYMENTS_PROJECTION } from './payments.projection';
