// On each payment code's card: whether its owner's Stripe account can take the code's payments yet (issue 20).
import { Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http';
import type { ApiAnswer } from '../../api/types';

/** GET /api/payments/connect, as the server's OpenAPI document describes it. */
type SellerStatus = ApiAnswer<'/api/payments/connect'>;

/** One request for every card (the same query key); nothing when payments are not configured (503). */
export function SellerChip() {
  const { data } = useQuery<SellerStatus>({
    queryKey: ['/api/payments/connect'],
    queryFn: () => apiJson<SellerStatus>('GET', '/api/payments/connect'),
    retry: false,
  });
  if (!data) return null;
  return data.chargesEnabled ? (
    <Chip size="small" color="success" variant="outlined" label="Accepts payments" data-testid="seller-chip" />
  ) : (
    <Chip size="small" color="warning" label={data.connected ? 'Finish Stripe setup' : 'Stripe not connected'} data-testid="seller-chip" />
  );
}
