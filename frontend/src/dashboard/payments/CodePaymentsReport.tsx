// One payment code's payments (GET /api/qrcodes/{id}/payments, owner or staff): revenue and count, revenue per UTC day
// as bars, the latest payments (date, amount, status) and an empty state. Shown on the Payments page (issue 20) and on
// the code's analytics page (issue 17).
import { Alert, Box, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { formatCents } from '../../site/payment/payments-config';

export type CodePayments = ApiAnswer<'/api/qrcodes/{id}/payments'>;

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
          <g key={day.day} data-day={day.day} data-revenue={day.revenue}>
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

export function CodePaymentsReport({ qrId }: { qrId: string }) {
  const report = useQuery<CodePayments>({
    queryKey: [`/api/qrcodes/${qrId}/payments`],
    queryFn: () => apiJson<CodePayments>('GET', `/api/qrcodes/${qrId}/payments`),
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
        <Typography color="text.secondary" data-testid="payments-empty">
          No payments yet.
        </Typography>
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
                <TableRow key={payment.id} data-testid="payment-row" data-status={payment.status}>
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
