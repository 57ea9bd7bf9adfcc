import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import simpleRestProvider from 'ra-data-simple-rest';
import { Admin, fetchUtils, Resource, Title } from 'react-admin';
import { usePageTitle } from '../ui/usePageTitle';
import { DynamicCodes } from './DynamicCodes';

// Admin screens speak the ra-data-simple-rest dialect under /api/admin (DESIGN.md section 9).
const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });
const dataProvider = simpleRestProvider('/api/admin', httpClient);

function DashboardHome() {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          My QR Codes
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your dynamic codes are listed below; the full code list, paused codes and analytics arrive here next. You can create codes from
          the home page.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" href="/?create=true">
            Create QR Code
          </Button>
          <Button variant="outlined" href="/">
            Back to the site
          </Button>
        </Stack>
        <Stack sx={{ mt: 4 }}>
          <DynamicCodes />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The react-admin shell, loaded only when /dashboard is opened. */
export function DashboardApp() {
  usePageTitle('Dashboard - QR Code Sharks');
  // The resource has no views yet: it only moves react-admin out of its "empty admin" screen until the
  // code list lands (the dashboard issue).
  return (
    <Admin basename="/dashboard" dataProvider={dataProvider} dashboard={DashboardHome} disableTelemetry requireAuth={false}>
      <Resource name="qrcodes" />
    </Admin>
  );
}
