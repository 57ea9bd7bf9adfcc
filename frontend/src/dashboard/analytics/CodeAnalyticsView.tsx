// One code's analytics (issue 17): any period (7/30/90 days, a year, a custom range), each figure beside the previous
// period of the same length, scans per day with people, bots and link previews apart, unique visitors, breakdowns by
// country, device, OS, browser, referrer and hour of the day where every row (or hour) filters the page by it. The
// owner's page adds the CSV, the live feed, the History tab and share links; a share link's page shows this view only.
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  apiQuery,
  changeLabel,
  DIMENSION_LABELS,
  FILTERS,
  PRESET_LABELS,
  PRESETS,
  presetRange,
  valueLabel,
  type CodeAnalytics,
  type FilterDimension,
  type PeriodTotals,
  type Preset,
  type View,
  type ViewChange,
} from './analytics-api';
import { ChartCard } from './ChartCard';
import { counted } from '../../ui/words';

interface Props {
  /** GET base: `/api/dynamic-qrcodes/{id}/analytics` or `/api/shared-analytics/{token}`. */
  source: string;
  view: View;
  onView: (change: ViewChange) => void;
  /** The owner's CSV export (absent on a shared page). */
  csv?: string;
  /** Rendered beside the figures (the owner's live feed). */
  aside?: ReactNode;
  /** Failure text for a shared page (the server's message: revoked, expired...). */
  onError?: (error: Error) => ReactNode;
}

export function CodeAnalyticsView({ source, view, onView, csv, aside, onError }: Props) {
  const query = useQuery<CodeAnalytics>({
    queryKey: [`${source}?${apiQuery(view)}`],
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: (previous) => previous,
  });
  const data = query.data;
  if (query.isError && onError) return <>{onError(query.error)}</>;
  return (
    <Box data-testid="code-analytics" data-loading={query.isFetching ? 'true' : 'false'}>
      <PeriodBar view={view} onView={onView} csv={csv ? `${csv}?${apiQuery(view)}` : undefined} />
      <FilterChips view={view} onView={onView} />
      {query.isFetching && <LinearProgress aria-label="Loading analytics" sx={{ mb: 1 }} />}
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
      {!data && query.isPending && <CircularProgress aria-label="Loading analytics" />}
      {data && <Figures data={data} view={view} onView={onView} aside={aside} />}
    </Box>
  );
}

function PeriodBar({ view, onView, csv }: { view: View; onView: (change: ViewChange) => void; csv?: string }) {
  const [custom, setCustom] = useState({ from: view.from, to: view.to });
  const choose = (preset: Preset) => {
    if (preset === 'custom') onView((latest) => ({ ...latest, preset, ...custom }));
    else onView((latest) => ({ ...latest, preset, ...presetRange(preset) }));
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { md: 'center' } }}>
      {/* Buttons, not a ToggleButtonGroup: the generator's chunk keeps that one to itself (landing budget). */}
      <Stack direction="row" role="group" aria-label="Period" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {PRESETS.map((preset) => (
          <Button
            key={preset}
            size="small"
            variant={view.preset === preset ? 'contained' : 'outlined'}
            aria-pressed={view.preset === preset}
            onClick={() => choose(preset)}
          >
            {PRESET_LABELS[preset]}
          </Button>
        ))}
      </Stack>
      {view.preset === 'custom' && (
        <Stack
          direction="row"
          spacing={1}
          component="form"
          onSubmit={(event) => (event.preventDefault(), onView((latest) => ({ ...latest, ...custom })))}
        >
          <TextField
            size="small"
            type="date"
            label="From"
            value={custom.from}
            onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label="To"
            value={custom.to}
            onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" size="small">
            Apply
          </Button>
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }} data-testid="period-label">
        {view.from} to {view.to} (UTC)
      </Typography>
      {csv && (
        <Button variant="outlined" size="small" startIcon={<DownloadIcon />} href={csv} download="qr-analytics.csv">
          Export CSV
        </Button>
      )}
    </Stack>
  );
}

function FilterChips({ view, onView }: { view: View; onView: (change: ViewChange) => void }) {
  const active = FILTERS.filter((dimension) => view.filters[dimension]);
  if (!active.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }} data-testid="active-filters">
      <Typography variant="body2">Filtered by</Typography>
      {active.map((dimension) => (
        <Chip
          key={dimension}
          color="primary"
          label={`${DIMENSION_LABELS[dimension]}: ${valueLabel(dimension, view.filters[dimension]!)}`}
          onDelete={() =>
            onView((latest) => {
              const filters = { ...latest.filters };
              delete filters[dimension];
              return { ...latest, filters };
            })
          }
          deleteIcon={<CloseIcon aria-label={`Remove the ${DIMENSION_LABELS[dimension]} filter`} />}
        />
      ))}
    </Stack>
  );
}

const SCAN_TILES: [keyof PeriodTotals, string][] = [
  ['scans', 'Scans'],
  ['uniqueVisitors', 'Unique visitors'],
  ['bots', 'Bots and previews'],
  ['previews', 'Link previews'],
];
const MADE_TILES: [keyof PeriodTotals, string][] = [
  ['generations', 'Generations'],
  ['downloads', 'Downloads'],
];

function Figures({
  data,
  view,
  onView,
  aside,
}: {
  data: CodeAnalytics;
  view: View;
  onView: (change: ViewChange) => void;
  aside?: ReactNode;
}) {
  const dynamic = data.mode === 'dynamic';
  const tiles = dynamic ? SCAN_TILES : MADE_TILES;
  const dates = data.daily.map((day) => day.date.slice(5));
  const filter = (dimension: FilterDimension, value: string) =>
    onView((latest) => ({ ...latest, filters: { ...latest.filters, [dimension]: value } }));
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: `repeat(${tiles.length}, minmax(0, 1fr))` },
        }}
      >
        {tiles.map(([key, label]) => (
          <Card key={key} variant="outlined">
            <CardContent>
              <Typography color="text.secondary">{label}</Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800 }} data-testid={`total-${key}`}>
                {data.totals[key].toLocaleString('en')}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid={`change-${key}`}>
                <Box component="span" sx={{ fontWeight: 700, color: changeColor(data.change[key]) }}>
                  {changeLabel(data.change[key], data.totals[key])}
                </Box>{' '}
                vs {data.previous.totals[key].toLocaleString('en')} before
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Compared with {data.previous.from} to {data.previous.to}, the period of the same length just before.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: aside ? 'minmax(0, 2fr) minmax(0, 1fr)' : '1fr' },
        }}
      >
        <ChartCard title={dynamic ? 'Scans per day' : 'Generations and downloads per day'}>
          {dynamic ? (
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: dates }]}
              series={[
                { data: data.daily.map((day) => day.scans), label: 'People', stack: 'hits' },
                { data: data.daily.map((day) => day.bots - day.previews), label: 'Bots', stack: 'hits' },
                { data: data.daily.map((day) => day.previews), label: 'Link previews', stack: 'hits' },
                { data: data.daily.map((day) => day.uniqueVisitors), label: 'Unique visitors' },
              ]}
            />
          ) : (
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: dates }]}
              series={[
                { data: data.daily.map((day) => day.generations), label: 'Generations' },
                { data: data.daily.map((day) => day.downloads), label: 'Downloads' },
              ]}
            />
          )}
        </ChartCard>
        {aside}
      </Box>
      {dynamic && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            mt: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {LISTED.map((dimension) => (
            <Breakdown
              key={dimension}
              dimension={dimension}
              rows={data.breakdowns[dimension]}
              active={view.filters[dimension]}
              onPick={filter}
            />
          ))}
          <HourBreakdown rows={data.breakdowns.hour} active={view.filters.hour} onPick={(hour) => filter('hour', hour)} />
        </Box>
      )}
    </>
  );
}

/** The list breakdowns; the hour of the day is a chart (HourBreakdown). */
const LISTED = FILTERS.filter((dimension) => dimension !== 'hour');

/** Scans per hour of the day as bars: a click on a bar (or the hour picked below it) filters the page by that hour. */
function HourBreakdown({
  rows,
  active,
  onPick,
}: {
  rows: { value: string; count: number }[];
  active?: string;
  onPick: (hour: string) => void;
}) {
  return (
    <ChartCard title={DIMENSION_LABELS.hour} empty={rows.length === 0}>
      <Box data-testid="breakdown-hour">
        <BarChart
          height={200}
          xAxis={[{ scaleType: 'band', data: rows.map((row) => row.value) }]}
          series={[{ data: rows.map((row) => row.count), label: 'Scans' }]}
          onItemClick={(_, item) => rows[item.dataIndex] && onPick(rows[item.dataIndex].value)}
          hideLegend
        />
        {!active && rows.length > 0 && (
          <TextField
            select
            size="small"
            label="Show only the hour"
            value=""
            onChange={(event) => event.target.value && onPick(event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            <option value="" disabled>
              Pick an hour
            </option>
            {rows.map((row) => (
              <option key={row.value} value={row.value}>
                {`${valueLabel('hour', row.value)} (${counted('scan', row.count)})`}
              </option>
            ))}
          </TextField>
        )}
      </Box>
    </ChartCard>
  );
}

const changeColor = (change: number | null) =>
  change === null || change === 0 ? 'text.secondary' : change > 0 ? 'success.dark' : 'error.dark';

/** A breakdown as rows with a share bar; each row filters the page by its value. */
function Breakdown({
  dimension,
  rows,
  active,
  onPick,
}: {
  dimension: FilterDimension;
  rows: { value: string; count: number }[];
  active?: string;
  onPick: (dimension: FilterDimension, value: string) => void;
}) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard title={DIMENSION_LABELS[dimension]} empty={rows.length === 0}>
      <Stack spacing={0.5} data-testid={`breakdown-${dimension}`}>
        {rows.slice(0, 10).map((row) => (
          <Button
            key={row.value}
            onClick={() => onPick(dimension, row.value)}
            disabled={active === row.value}
            data-value={row.value}
            title={`Show only ${valueLabel(dimension, row.value)}`}
            sx={{ display: 'block', textAlign: 'left', textTransform: 'none', color: 'text.primary', px: 1, py: 0.5 }}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {valueLabel(dimension, row.value)}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700, ml: 1 }}>
                {row.count.toLocaleString('en')}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={total ? (row.count / total) * 100 : 0}
              aria-hidden
              sx={{ height: 6, borderRadius: 3 }}
            />
          </Button>
        ))}
      </Stack>
    </ChartCard>
  );
}
