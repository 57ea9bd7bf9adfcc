// Analytics (core spec section 2): the overview totals of GET /api/user-analytics; on failure 'Failed to load
// analytics data' with Try Again. The charts, breakdowns and top lists are the next issue's.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { usePageTitle } from '../../ui/usePageTitle';

interface UserAnalytics {
  overview: {
    totalQrCodes: number;
    totalScans: number;
    totalDownloads: number;
    totalGenerations: number;
    staticQrCodes: number;
    dynamicQrCodes: number;
  };
}

const TILES: [keyof UserAnalytics['overview'], string][] = [
  ['totalQrCodes', 'QR codes'],
  ['totalScans', 'Scans'],
  ['totalDownloads', 'Downloads'],
  ['totalGenerations', 'Generations'],
  ['staticQrCodes', 'Static codes'],
  ['dynamicQrCodes', 'Dynamic codes'],
];

export function AnalyticsPage() {
  usePageTitle('Analytics - QR Code Sharks');
  const query = useQuery<UserAnalytics>({ queryKey: ['/api/user-analytics'], staleTime: 0, refetchOnMount: 'always' });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Analytics" />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Analytics
      </Typography>
      {query.isPending && <CircularProgress aria-label="Loading analytics" />}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          }
        >
          Failed to load analytics data
        </Alert>
      )}
      {query.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
          {TILES.map(([key, label]) => (
            <Card key={key} variant="outlined">
              <CardContent>
                <Typography color="text.secondary">{label}</Typography>
                <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid={`analytics-${key}`}>
                  {query.data.overview[key].toLocaleString()}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}
