import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

/** The checkout page's sessionStorage key (site/payment/PaymentPage.tsx's PAYER_EMAIL_KEY; not imported: this page stays small). */
const PAYER_EMAIL_KEY = 'qrs-payment-email';

function payerEmail(): string | null {
  try {
    return sessionStorage.getItem(PAYER_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function PaymentSuccessPage() {
  usePageTitle('Payment Successful - QR Code Sharks');
  const navigate = useNavigate();
  // The receipt mail (backend/src/mail: payment-receipt, 'Payment confirmation and receipt: …') is sent once Stripe's
  // webhook records the payment, usually seconds after this page shows: hence 'on its way', not 'sent'.
  const [email] = useState(payerEmail);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default' }}>
      <Container maxWidth="sm">
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 72 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" gutterBottom>
            Payment Successful!
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="confirmation-notice">
            Thank you for your purchase. A confirmation email with your receipt is on its way to{' '}
            {email ? <strong>{email}</strong> : 'the address you gave'}.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => navigate(-1)}>
              Go Back
            </Button>
            <Button component={RouterLink} to="/" variant="contained">
              Return Home
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
