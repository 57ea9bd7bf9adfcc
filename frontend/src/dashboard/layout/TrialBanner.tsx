// Core spec section 2 (Dashboard): trial banners show the days remaining, or that the trial expired; hidden when
// subscriptionStatus is active. GET /api/trial-status is refetched every 5 minutes, never on window focus (section 9).
import { Alert, AlertTitle, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTrialStatus } from '../../ui/trial-status';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

export function TrialBanner() {
  const trial = useTrialStatus();
  if (!trial || trial.subscriptionStatus === 'active') return null;
  const upgrade = (
    <Button component={RouterLink} to="/subscribe" color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
      Upgrade
    </Button>
  );
  const used = trial.dynamicQRLimit === null ? '' : ` You have used ${trial.dynamicQRUsed} of ${trial.dynamicQRLimit} dynamic QR codes.`;
  if (trial.isActive)
    return (
      <Alert severity="info" action={upgrade} data-testid="trial-banner" sx={{ mt: 2, alignItems: 'center' }}>
        <AlertTitle>Free trial: {days(trial.daysRemaining)} remaining</AlertTitle>
        Dynamic QR codes, analytics, logos and colours are yours during the trial.{used}
      </Alert>
    );
  if (trial.hasExpired)
    return (
      <Alert severity="warning" action={upgrade} data-testid="trial-banner" sx={{ mt: 2, alignItems: 'center' }}>
        <AlertTitle>Your free trial has expired</AlertTitle>
        Your codes keep working. Upgrade to create more dynamic QR codes.{used}
      </Alert>
    );
  return null;
}
