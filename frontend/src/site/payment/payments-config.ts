import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http';
import type { ApiAnswer } from '../../api/types';

/** GET /api/payments/config: whether payments work here, Stripe's publishable key and the optional pricing table. */
export type PaymentsConfig = ApiAnswer<'/api/payments/config'>;
/** GET /api/payment-product/{id}: what a payment code sells (price in cents). */
export type PaymentProduct = ApiAnswer<'/api/payment-product/{id}'>;

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured.';

export function usePaymentsConfig() {
  return useQuery<PaymentsConfig>({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiJson<PaymentsConfig>('GET', '/api/payments/config'),
  });
}

export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A temporary link's price: cents, as the generator encodes it (`price=1999`); anything else is no price. */
export function tempPriceCents(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
