// The spec's analytics dashboard (core spec section 2, "Analytics dashboard"): overview totals, the qrTypeDistribution,
// recent activity over 30 days (generations and downloads), the top three performing codes and the top three dynamic
// codes by scans, drawn as charts; each code opens its own page. On failure 'Failed to load analytics data' with a
// Try Again that asks the server again.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';
import type { UserAnalytics } from './analytics-api';
import { CodePicker } from './CodePicker';
import { ChartCard } from './ChartCard';
import { counted } from '../../ui/words';

const TILES: [keyof UserAnalytics['overview'], string][] = [
  ['totalQrCodes', 'QR codes'],
  ['totalScans', 'Scans'],
  ['totalDownloads', 'Downloads'],
  ['totalGenerations', 'Generations'],
  ['staticQrCodes', 'Static codes'],
  ['dynamicQrCodes', 'Dynamic codes'],
];

const TYPE_LABELS: Record<string, string> = { url: 'Website', text: 'Text', email: 'Email', phone: 'Phone', sms: 'SMS', wifi: 'WiFi' };
const typeLabel = (type: string) => TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
const codePath = (id: string) => `/dashboard/analytics/${id}`;

export function AnalyticsDashboard() {
  usePageTitle('Analytics - QR Code Sharks');
  const query = useQuery<UserAnalytics>({ queryKey: ['/api/user-analytics'], staleTime: 0, refetchOnMount: 'always' });
  const data = query.data;
  return (
    <Box sx={{ py: 2 }} data-testid="analytics-dashboard">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        Analytics
      </Typography>
      {query.isFetching && !data && <CircularProgress aria-label="Loading analytics" />}
      {query.isError && !query.isFetching && (
        <Alert
          severity="error"
          data-testid="analytics-error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          }
        >
          Failed to load analytics data
        </Alert>
      )}
      {data && !query.isError && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {TILES.map(([key, label]) => (
              <Card key={key} variant="outlined">
                <CardContent>
                  <Typography color="text.secondary">{label}</Typography>
                  <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid={`analytics-${key}`}>
                    {data.overview[key].toLocaleString('en')}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <ChartCard title="QR codes by type" empty={Object.keys(data.qrTypeDistribution).length === 0} emptyText="No codes yet.">
              <PieChart
                height={220}
                series={[
                  {
                    innerRadius: 50,
                    paddingAngle: 2,
                    cornerRadius: 4,
                    data: Object.entries(data.qrTypeDistribution).map(([type, count], index) => ({
                      id: index,
                      value: count,
                      label: typeLabel(type),
                    })),
                  },
                ]}
              />
            </ChartCard>
            <ChartCard title="Recent activity (30 days)">
              {data.recentActivity.generations + data.recentActivity.downloads > 0 && (
                <BarChart
                  height={220}
                  xAxis={[{ scaleType: 'band', data: ['Generations', 'Downloads'] }]}
                  series={[{ data: [data.recentActivity.generations, data.recentActivity.downloads], label: 'Last 30 days' }]}
                  hideLegend
                />
              )}
              <Typography variant="body2" color="text.secondary" data-testid="analytics-recent">
                {`${counted('generation', data.recentActivity.generations)} and ` +
                  `${counted('download', data.recentActivity.downloads)} in the last 30 days`}
              </Typography>
            </ChartCard>
            <ChartCard
              title="Top performing codes"
              empty={data.topPerformingQrCodes.length === 0}
              emptyText="Generate or download a code to see it here."
            >
              {data.topPerformingQrCodes.some((code) => code.generations + code.downloads > 0) && (
                <BarChart
                  height={200}
                  layout="horizontal"
                  yAxis={[codeAxis(data.topPerformingQrCodes)]}
                  series={[
                    { data: data.topPerformingQrCodes.map((code) => code.generations), label: 'Generations', stack: 'all' },
                    { data: data.topPerformingQrCodes.map((code) => code.downloads), label: 'Downloads', stack: 'all' },
                  ]}
                />
              )}
              <CodeLinks
                testId="top-performing"
                codes={data.topPerformingQrCodes.map((code) => ({
                  ...code,
                  figure: `${counted('download', code.downloads)}, ${counted('generation', code.generations)}`,
                }))}
              />
            </ChartCard>
            <ChartCard title="Top dynamic codes by scans" empty={data.dynamicQrPerformance.length === 0} emptyText="No dynamic codes yet.">
              {data.dynamicQrPerformance.some((code) => code.scans > 0) && (
                <BarChart
                  height={200}
                  layout="horizontal"
                  yAxis={[codeAxis(data.dynamicQrPerformance)]}
                  series={[{ data: data.dynamicQrPerformance.map((code) => code.scans), label: 'Scans' }]}
                  hideLegend
                />
              )}
              <CodeLinks
                testId="top-dynamic"
                codes={data.dynamicQrPerformance.map((code) => ({
                  ...code,
                  figure: counted('scan', code.scans),
                }))}
              />
            </ChartCard>
          </Box>
          <CodePicker />
        </>
      )}
    </Box>
  );
}

const shorten = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/**
 * A band per code, keyed by its id: a band scale merges equal values, so two codes whose shortened names are equal
 * shared one bar and one vanished (issue 30 item 2). The tick shows the shortened display name, the tooltip all of it.
 */
// A chart whose figures are all 0 is not drawn (its value axis had no range and read '0.000000'); the list says it.
function codeAxis(codes: readonly { id: string; name: string }[]) {
  const names = new Map(codes.map((code) => [code.id, code.name]));
  return {
    scaleType: 'band' as const,
    data: codes.map((code) => code.id),
    width: 120,
    valueFormatter: (id: string, context: { location: string }) => {
      const name = names.get(id) ?? '';
      return context.location === 'tick' ? shorten(name) : name;
    },
  };
}

function CodeLinks({ codes, testId }: { codes: { id: string; name: string; figure: string }[]; testId: string }) {
  return (
    <List dense data-testid={testId} sx={{ pt: 0 }}>
      {codes.map((code) => (
        <ListItem key={code.id} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={codePath(code.id)} sx={{ wordBreak: 'break-all' }}>
                {code.name}
              </Link>
            }
            secondary={code.figure}
          />
        </ListItem>
      ))}
    </List>
  );
}
