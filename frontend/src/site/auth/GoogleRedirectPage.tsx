import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';

/**
 * /auth/google is answered by the server with a redirect to Google. The client only renders
 * this route when the server did not take it (Google sign-in is not configured).
 */
export function GoogleRedirectPage() {
  usePageTitle('Sign in with Google - QR Code Sharks');
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Google sign-in is not available
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This server has not been set up for Google sign-in yet. Please sign in with your email and password.
      </Typography>
      <Button component={RouterLink} to="/auth" variant="contained">
        Back to sign in
      </Button>
    </Container>
  );
}
