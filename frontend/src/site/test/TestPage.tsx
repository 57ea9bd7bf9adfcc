import { Chip, Container, Stack, Typography } from '@mui/material';
import { useUser } from '../../api/http';
import { usePageTitle } from '../../ui/usePageTitle';
import { useWhiteLabelConfig } from '../../ui/white-label';

/** A diagnostics page: confirms the client reaches the session and branding calls. */
export function TestPage() {
  usePageTitle('Test - QR Code Sharks');
  const { user, error } = useUser();
  const { config, error: configError } = useWhiteLabelConfig();
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Test page
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This page checks that the site can reach the server. It is safe to ignore.
      </Typography>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Chip label={`Session: ${error ? 'error' : user ? `signed in as ${user.username}` : 'signed out'}`} />
        <Chip label={`Branding: ${configError ? 'not available' : (config?.name ?? 'loading')}`} />
      </Stack>
    </Container>
  );
}
