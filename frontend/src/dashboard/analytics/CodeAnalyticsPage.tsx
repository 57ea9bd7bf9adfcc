// The owner's page of one code (/dashboard/analytics/{id}): the analytics view with the CSV export and the live feed,
// the History tab (every change of the code from its stream) and the Share tab (read-only links). A payment code's
// overview adds its payments (list and revenue per day).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { serverMessage } from '../../api/http';
import { usePageTitle } from '../../ui/usePageTitle';
import { CodePaymentsReport } from '../payments/CodePaymentsReport';
import { apiQuery, latestView, searchFromView, viewFromSearch, type CodeAnalytics, type ViewChange } from './analytics-api';
import { ChartCard } from './ChartCard';
import { CodeAnalyticsView } from './CodeAnalyticsView';
import { HistoryTab } from './HistoryTab';
import { LiveFeed } from './LiveFeed';
import { ShareLinksPanel } from './ShareLinksPanel';

const REFRESH_AFTER_MS = [0, 1000, 3000, 7000, 15000];

type TabName = 'overview' | 'history' | 'share';
const SECTIONS: [TabName, string][] = [
  ['overview', 'Overview'],
  ['history', 'History'],
  ['share', 'Share'],
];

export function CodeAnalyticsPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<TabName>('overview');
  const view = viewFromSearch(search);
  const onView = useCallback((change: ViewChange) => setSearch(searchFromView(change(latestView()))), [setSearch]);
  const source = `/api/dynamic-qrcodes/${id}/analytics`;
  const client = useQueryClient();
  // The view's own query (same key, one request): the page's title and whether the code is dynamic.
  const { data: code, error } = useQuery<CodeAnalytics>({
    queryKey: [`${source}?${apiQuery(view)}`],
    placeholderData: (previous) => previous,
  });
  // An id no code of this owner has (deleted, mistyped, someone else's): the server's 404 says so; nothing to retry.
  const notFound = !code && isNotFound(error);
  usePageTitle(`${notFound ? 'QR code not found' : `${code?.name ?? 'Code'} analytics`} - QR Code Sharks`);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const onScan = useCallback(() => {
    // New scans change the totals once the analytics projection has folded them (a moment later, longer under load):
    // ask again now and a few times after, further apart.
    const refresh = () => void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`${source}?`) });
    timers.current.forEach(clearTimeout);
    timers.current = REFRESH_AFTER_MS.map((ms) => setTimeout(refresh, ms));
  }, [client, source]);
  const dynamic = code ? code.mode === 'dynamic' : true;
  if (notFound)
    return (
      <Box sx={{ py: 2 }}>
        <Button component={RouterLink} to="/dashboard/analytics" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          All analytics
        </Button>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }} data-testid="code-analytics-title">
          {serverMessage(error, 'QR code not found')}
        </Typography>
        <Typography color="text.secondary">This QR code does not exist or has been deleted.</Typography>
      </Box>
    );
  return (
    <Box sx={{ py: 2 }}>
      <Button component={RouterLink} to="/dashboard/analytics" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        All analytics
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="code-analytics-title">
          {code?.name ?? 'QR code analytics'}
        </Typography>
        {code && <Chip size="small" label={code.mode === 'dynamic' ? 'Dynamic' : 'Static'} />}
        {code?.shortCode && <Chip size="small" variant="outlined" label={`/d/${code.shortCode}`} />}
      </Stack>
      {/* Buttons, not MUI Tabs: a second lazy chunk using Tabs splits it out of the landing's generator chunk (budget). */}
      <Stack component="nav" aria-label="Code analytics sections" direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {SECTIONS.map(([value, label]) => (
          <Button
            key={value}
            variant={tab === value ? 'contained' : 'text'}
            aria-current={tab === value ? 'page' : undefined}
            onClick={() => setTab(value)}
          >
            {label}
          </Button>
        ))}
      </Stack>
      {tab === 'overview' && (
        <CodeAnalyticsView
          source={source}
          view={view}
          onView={onView}
          csv={`/api/dynamic-qrcodes/${id}/analytics.csv`}
          aside={dynamic ? <LiveFeed qrId={id} onScan={onScan} /> : undefined}
        />
      )}
      {tab === 'overview' && code?.qrType === 'payment' && (
        <Box sx={{ mt: 2 }}>
          <ChartCard title="Payments">
            <CodePaymentsReport qrId={id} />
          </ChartCard>
        </Box>
      )}
      {tab === 'history' && <HistoryTab qrId={id} dynamic={code?.mode === 'dynamic'} />}
      {tab === 'share' && <ShareLinksPanel qrId={id} />}
    </Box>
  );
}

const isNotFound = (error: unknown) => error instanceof Error && error.message.startsWith('404:');
