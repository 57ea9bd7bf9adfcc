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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { PAYMENTS_NOT_CONFIGURED, formatCents, usePaymentsConfig } from '../../site/payment/payments-config';
import { CODES, type DashboardCode } from '../data-provider';

interface SellerStatus {
  connected: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

interface CodePayments {
  totalRevenue: number;
  paymentCount: number;
  days: Array<{ day: string; payments: number; revenue: number }>;
  payments: Array<{ id: string; amount: number; status: string; at: string; failureMessage: string | null }>;
}

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
      const { url } = await apiJson<{ url: string }>('POST', '/api/payments/connect/onboarding');
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

/** Revenue per day as bars (a glance beats a table); the last 30 days with payments. */
function RevenueChart({ days }: { days: CodePayments['days'] }) {
  const shown = days.slice(-30);
  const max = Math.max(...shown.map((day) => day.revenue), 1);
  const width = 600;
  const height = 160;
  const bar = width / Math.max(shown.length, 1);
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height + 20}`}
      role="img"
      aria-label="Revenue per day"
      data-testid="revenue-chart"
      sx={{ width: '100%', height: 'auto', maxHeight: 220, display: 'block' }}
    >
      {shown.map((day, index) => {
        const h = Math.max(2, (day.revenue / max) * height);
        const w = Math.min(bar * 0.7, 40);
        return (
          <g key={day.day}>
            <title>{`${day.day}: ${formatCents(day.revenue)} (${day.payments} ${day.payments === 1 ? 'payment' : 'payments'})`}</title>
            <rect x={index * bar + (bar - w) / 2} y={height - h} width={w} height={h} rx={3} fill="currentColor" opacity={0.85} />
            {shown.length <= 10 && (
              <text x={index * bar + bar / 2} y={height + 15} textAnchor="middle" fontSize={11} fill="currentColor">
                {day.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </Box>
  );
}

function CodeReport({ code }: { code: DashboardCode }) {
  const report = useQuery<CodePayments>({
    queryKey: [`/api/qrcodes/${code.id}/payments`],
    queryFn: () => apiJson<CodePayments>('GET', `/api/qrcodes/${code.id}/payments`),
  });
  if (report.isLoading) return <LinearProgress aria-label="Loading payments" />;
  if (report.isError || !report.data) return <Alert severity="error">Failed to load payments</Alert>;
  const { totalRevenue, paymentCount, days, payments } = report.data;
  return (
    <Box data-testid="code-payments">
      <Stack direction="row" spacing={4} sx={{ mb: 2 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Revenue
          </Typography>
          <Typography variant="h5" component="p" data-testid="total-revenue" sx={{ fontWeight: 700 }}>
            {formatCents(totalRevenue)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            Payments
          </Typography>
          <Typography variant="h5" component="p" data-testid="payment-count" sx={{ fontWeight: 700 }}>
            {paymentCount}
          </Typography>
        </Box>
      </Stack>
      {days.length === 0 ? (
        <Typography color="text.secondary">No payments yet.</Typography>
      ) : (
        <Box sx={{ color: 'primary.main', mb: 2 }}>
          <RevenueChart days={days} />
        </Box>
      )}
      {payments.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Latest payments">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{new Date(payment.at).toLocaleString()}</TableCell>
                  <TableCell align="right">{formatCents(payment.amount)}</TableCell>
                  <TableCell>
                    {payment.status === 'succeeded' ? 'Paid' : `Failed${payment.failureMessage ? `: ${payment.failureMessage}` : ''}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
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
              {selected && <CodeReport key={selected.id} code={selected} />}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
