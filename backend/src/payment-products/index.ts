/** The payment-products feature's front door: its query service. Other features import it only from here. */
export { PaymentProductsService } from './payment-products.service';
export type { PaymentProduct } from './payment-products.answers';
