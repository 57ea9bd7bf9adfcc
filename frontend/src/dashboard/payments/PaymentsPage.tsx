// Payments in the dashboard (issue 20): the owner's Stripe Connect status with the onboarding link (money for payment
// codes goes to the owner's own Stripe account), and per payment code its payments and revenue per day.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { PAYMENTS_NOT_CONFIGURED, formatCents, usePaymentsConfig } from '../../site/payment/payments-config';
import { CODES, type DashboardCode } from '../data-provider';
import { CodePaymentsReport } from './CodePaymentsReport';

/** GET /api/payments/connect, as the server's OpenAPI document describes it. */
type SellerStatus = ApiAnswer<'/api/payments/connect'>;

function ConnectCard() {
  const config = usePaymentsConfig();
  const configured = config.data?.configured === true;
  const status = useQuery<SellerStatus>({
    queryKey: ['/api/payments/connect'],
    queryFn: () => apiJson<SellerStatus>('GET', '/api/payments/connect'),
    enabled: configured,
  });
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      const { url } = await apiJson<ApiAnswer<'/api/payments/connect/onboarding', 'post'>>('POST', '/api/payments/connect/onboarding');
      window.location.assign(url);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error, 'Could not open Stripe onboarding'), variant: 'destructive' });
      setBusy(false);
    }
  };
  const seller = status.data;
  const ready = Boolean(seller?.chargesEnabled);
  return (
    <Card variant="outlined" data-testid="connect-card">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            Get paid with Stripe
          </Typography>
          {configured && seller && (
            <Chip
              data-testid="connect-status"
              color={ready ? 'success' : 'warning'}
              label={ready ? 'Ready to accept payments' : seller.connected ? 'Setup not finished' : 'Not connected'}
            />
          )}
        </Stack>
        <Typography color="text.secondary" sx={{ my: 1.5 }}>
          Money from your payment QR codes goes to your own Stripe account. Connect it once; buyers see that your codes cannot take payments
          until it is ready.
        </Typography>
        {config.data && !configured && <Alert severity="info">{PAYMENTS_NOT_CONFIGURED}</Alert>}
        {configured && !ready && (
          <Button variant="contained" disabled={busy || status.isLoading} onClick={() => void connect()}>
            {seller?.connected ? 'Finish Stripe setup' : 'Connect with Stripe'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

const productName = (code: DashboardCode) => code.name || String(code.qrData?.productName ?? 'Payment code');

export function PaymentsPage() {
  usePageTitle('Payments - QR Code Sharks');
  const [params, setParams] = useSearchParams();
  const { data: codes = [], isPending } = useGetList<DashboardCode>(CODES, {
    filter: { qrType: 'payment' },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  const selected = codes.find((code) => code.id === params.get('code')) ?? codes[0] ?? null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title="Payments" />
      <ConnectCard />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Payment codes
          </Typography>
          {isPending && <LinearProgress aria-label="Loading codes" />}
          {!isPending && codes.length === 0 && (
            <Typography color="text.secondary">No payment QR codes yet. Create one with the type Payment.</Typography>
          )}
          {codes.length > 0 && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' } }}>
              <List dense aria-label="Payment codes">
                {codes.map((code) => (
                  <ListItemButton key={code.id} selected={code.id === selected?.id} onClick={() => setParams({ code: code.id })}>
                    <ListItemText
                      primary={productName(code)}
                      secondary={formatCents(Math.round(Number(code.qrData?.productPrice ?? 0) * 100))}
                    />
                  </ListItemButton>
                ))}
              </List>
              {selected && <CodePaymentsReport key={selected.id} qrId={selected.id} />}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
