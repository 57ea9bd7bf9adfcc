import DashboardIcon from '@mui/icons-material/Dashboard';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useUser } from '../../api/http';
import { GeneratorSlot } from '../../ui/GeneratorSlot';
import { TrialCard } from '../../ui/TrialCard';
import { usePageTitle } from '../../ui/usePageTitle';
import { usePreselection } from '../../ui/usePreselection';

export function DashboardEntry() {
  usePageTitle('Home - QR Code Sharks');
  const { user } = useUser();
  const { type, prefill } = usePreselection();
  const name = user?.firstName || user?.username || '';
  // Right after registration the auth page says so: a new account is welcomed, not welcomed back (core spec).
  const newUser = Boolean((useLocation().state as { newUser?: boolean } | null)?.newUser);
  const greeting = newUser ? `Welcome${name ? `, ${name}` : ''}!` : `Welcome back${name ? `, ${name}` : ''}`;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, mb: 4 }} data-testid="dashboard-entry">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
              {greeting}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Manage your saved and dynamic codes, pause campaigns and read your scan analytics in the dashboard, or create a new code
              below.
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to="/dashboard"
            variant="contained"
            size="large"
            startIcon={<DashboardIcon />}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Open Dashboard
          </Button>
        </Stack>
      </Paper>
      <GeneratorSlot key={type ?? 'default'} initialType={type} prefill={prefill} />
      <Box sx={{ mt: 4 }}>
        <TrialCard />
      </Box>
    </Container>
  );
}
