/** The payment-products feature's front door: its query service. Other features import it only from here. */
export { PaymentProductsService, type PaymentProduct } from './payment-products.service';
