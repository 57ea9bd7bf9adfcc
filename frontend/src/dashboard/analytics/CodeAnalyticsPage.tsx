// The owner's page of one code (/dashboard/analytics/{id}): the analytics view with the CSV export and the live feed,
// the History tab (every change of the code from its stream) and the Share tab (read-only links).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../ui/usePageTitle';
import { apiQuery, searchFromView, viewFromSearch, type CodeAnalytics, type View } from './analytics-api';
import { CodeAnalyticsView } from './CodeAnalyticsView';
import { HistoryTab } from './HistoryTab';
import { LiveFeed } from './LiveFeed';
import { ShareLinksPanel } from './ShareLinksPanel';

type TabName = 'overview' | 'history' | 'share';

export function CodeAnalyticsPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const [tab, setTab] = useState<TabName>('overview');
  const view = viewFromSearch(search);
  const onView = useCallback((next: View) => setSearch(searchFromView(next)), [setSearch]);
  const source = `/api/dynamic-qrcodes/${id}/analytics`;
  const client = useQueryClient();
  // The view's own query (same key, one request): the page's title and whether the code is dynamic.
  const { data: code } = useQuery<CodeAnalytics>({ queryKey: [`${source}?${apiQuery(view)}`], placeholderData: (previous) => previous });
  usePageTitle(`${code?.name ?? 'Code'} analytics - QR Code Sharks`);
  const onScan = useCallback(() => {
    // New scans change the totals: ask again now and once the projection has surely caught up.
    const refresh = () => void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(`${source}?`) });
    refresh();
    setTimeout(refresh, 1000);
  }, [client, source]);
  const dynamic = code ? code.mode === 'dynamic' : true;
  return (
    <Box sx={{ py: 2 }}>
      <Button component={RouterLink} to="/dashboard/analytics" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        All analytics
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, wordBreak: 'break-all' }} data-testid="code-analytics-title">
          {code?.name ?? 'QR code analytics'}
        </Typography>
        {code && <Chip size="small" label={code.mode === 'dynamic' ? 'Dynamic' : 'Static'} />}
        {code?.shortCode && <Chip size="small" variant="outlined" label={`/d/${code.shortCode}`} />}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setTab(value)}
        aria-label="Code analytics sections"
        sx={{ mb: 2 }}
        variant="scrollable"
      >
        <Tab value="overview" label="Overview" />
        <Tab value="history" label="History" />
        <Tab value="share" label="Share" />
      </Tabs>
      {tab === 'overview' && (
        <CodeAnalyticsView
          source={source}
          view={view}
          onView={onView}
          csv={`/api/dynamic-qrcodes/${id}/analytics.csv`}
          aside={dynamic ? <LiveFeed qrId={id} onScan={onScan} /> : undefined}
        />
      )}
      {tab === 'history' && <HistoryTab qrId={id} />}
      {tab === 'share' && <ShareLinksPanel qrId={id} />}
    </Box>
  );
}
