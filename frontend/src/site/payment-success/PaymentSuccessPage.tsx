import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

export function PaymentSuccessPage() {
  usePageTitle('Payment Successful - QR Code Sharks');
  const navigate = useNavigate();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', bgcolor: 'background.default' }}>
      <Container maxWidth="sm">
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 72 }} aria-hidden="true" />
          <Typography variant="h4" component="h1" gutterBottom>
            Payment Successful!
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Thank you for your purchase. A confirmation email has been sent to you.
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
