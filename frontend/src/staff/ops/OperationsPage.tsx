import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { when } from '../RecordTable';
import { count, duration, opsApi, type ProjectionStatus, type Rebuild, type ScanPipeline } from './ops-api';

const PROJECTIONS_KEY = ['/api/admin/projections'] as const;
const PIPELINE_KEY = ['/api/admin/scan-pipeline'] as const;
const REBUILDS_KEY = ['/api/admin/projection-rebuilds'] as const;

/** Chip colours with enough contrast for their white label (MUI's 'info' blue has not: axe, 375 px test). */
const STATE_COLOR: Record<ProjectionStatus['state'], 'success' | 'primary' | 'error' | 'default'> = {
  live: 'success',
  'catching up': 'primary',
  stalled: 'error',
  'rebuild requested': 'default',
  rebuilding: 'primary',
};

/** One figure: a small label above its value. */
function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div" sx={{ lineHeight: 1.3 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

function ScanPipelineCard({ pipeline }: { pipeline: ScanPipeline | undefined }) {
  const last = pipeline?.lastIngested;
  return (
    <Card aria-label="Scan pipeline">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Scan pipeline
        </Typography>
        {!pipeline ? (
          <Typography variant="body2">Loading…</Typography>
        ) : (
          <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
            <Figure
              label="Waiting in the stream"
              value={count(pipeline.streamLength)}
              hint={pipeline.oldestWaitingSeconds === null ? 'none waiting' : `oldest ${duration(pipeline.oldestWaitingSeconds)}`}
            />
            <Figure
              label="Pending entries"
              value={count(pipeline.pending)}
              hint={
                pipeline.pending === 0
                  ? 'all read entries acknowledged'
                  : `held by ${pipeline.consumers} consumer${pipeline.consumers === 1 ? '' : 's'}`
              }
            />
            <Figure
              label="Ingest rate"
              value={pipeline.ingestRatePerSecond >= 1 ? `${pipeline.ingestRatePerSecond}/s` : `${count(pipeline.ingestedLastMinute)}/min`}
              hint={`${pipeline.ingestRateLast10s}/s last 10 s · ${count(pipeline.ingestedLastMinute)} last minute`}
            />
            <Figure
              label="Last scan ingested"
              value={last ? new Date(last.ingestedAt).toLocaleTimeString() : '—'}
              hint={last ? `code ${last.qrId.slice(0, 8)}… scanned ${when(last.scannedAt)}` : 'none yet'}
            />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The rebuild's live bar: the worker writes processed/total as it replays; 100 % once swapped in. */
function RebuildProgress({ rebuild }: { rebuild: Rebuild }) {
  const swap = `swapped in ${when(rebuild.swappedAt)}${rebuild.swapMs === null ? '' : ` (${rebuild.swapMs} ms)`}`;
  const label =
    rebuild.state === 'requested'
      ? 'Waiting for a worker…'
      : rebuild.state === 'running'
        ? `Rebuilding: ${count(rebuild.processed)} of ${rebuild.total === null ? '?' : count(rebuild.total)} events`
        : rebuild.state === 'done'
          ? `Rebuilt from ${count(rebuild.processed)} events · ${swap}`
          : `Rebuild failed: ${rebuild.error ?? 'unknown error'}`;
  return (
    <Box sx={{ mt: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          variant={rebuild.state === 'requested' ? 'indeterminate' : 'determinate'}
          value={rebuild.percent}
          color={rebuild.state === 'failed' ? 'error' : rebuild.state === 'done' ? 'success' : 'primary'}
          sx={{ flex: 1, height: 8, borderRadius: 4 }}
          aria-label={`Rebuild of ${rebuild.projection}`}
          aria-valuenow={rebuild.state === 'requested' ? undefined : rebuild.percent}
        />
        <Typography variant="body2" sx={{ minWidth: 44, textAlign: 'right' }} data-testid={`rebuild-percent-${rebuild.projection}`}>
          {rebuild.percent}%
        </Typography>
      </Box>
      <Typography variant="caption" color={rebuild.state === 'failed' ? 'error' : 'text.secondary'} sx={{ wordBreak: 'break-word' }}>
        {label}
      </Typography>
    </Box>
  );
}

function ProjectionCard({ projection, onRebuild, busy }: { projection: ProjectionStatus; onRebuild: () => void; busy: boolean }) {
  const rebuild = projection.lastRebuild;
  const open = rebuild?.state === 'requested' || rebuild?.state === 'running';
  return (
    <Card aria-label={`Projection ${projection.name}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-word' }}>
            {projection.name}
          </Typography>
          <Chip size="small" label={projection.state} color={STATE_COLOR[projection.state]} />
        </Box>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {projection.tables.join(', ')}
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
          <Figure
            label="Lag"
            value={projection.lagEvents === null ? 'n/a' : `${count(projection.lagEvents)}${projection.lagCapped ? '+' : ''} events`}
            hint={projection.lagSeconds === null ? 'counted with PostgreSQL events only' : `${duration(projection.lagSeconds)} behind`}
          />
          <Figure
            label="Events per second"
            value={projection.eventsPerSecond === null ? '…' : String(projection.eventsPerSecond)}
            hint={projection.eventsPerSecond === null ? 'measuring' : 'last minute'}
          />
          <Figure label="Dead letters" value={count(projection.deadLetters)} hint={projection.deadLetters ? undefined : 'none open'} />
        </Stack>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1, wordBreak: 'break-all' }}>
          Checkpoint {projection.checkpoint.commit}/{projection.checkpoint.prepare} · moved {when(projection.checkpointAt)}
        </Typography>
        {rebuild && <RebuildProgress rebuild={rebuild} />}
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" onClick={onRebuild} disabled={open || busy} aria-label={`Rebuild ${projection.name}`}>
            Rebuild
          </Button>
          {projection.deadLetters > 0 && (
            <Button
              size="small"
              component={Link}
              to={`/admin/dead-letters?filter=${encodeURIComponent(JSON.stringify({ projection: projection.name }))}`}
            >
              Dead letters
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/** 'users: done · 1,204 of 1,204 events · swapped in 11/24/2026, 2:06:19 PM (40 ms)' */
function rebuildLine(row: Rebuild): string {
  const state = row.state === 'failed' ? `failed (${row.error ?? 'unknown error'})` : row.state;
  const events = `${count(row.processed)}${row.total === null ? '' : ` of ${count(row.total)}`} events`;
  const swap = row.swappedAt ? ` · swapped in ${when(row.swappedAt)} (${row.swapMs ?? 0} ms)` : '';
  return `${row.projection}: ${state} · ${events}${swap}`;
}

/** Who asked for which rebuild and how it went: the record of every request (newest ten). */
function RecentRebuilds({ rebuilds }: { rebuilds: Rebuild[] }) {
  if (!rebuilds.length) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Recent rebuilds
        </Typography>
        <List dense disablePadding aria-label="Recent rebuilds">
          {rebuilds.map((row) => (
            <ListItem key={row.id} disableGutters divider>
              <ListItemText
                sx={{ wordBreak: 'break-word' }}
                primary={rebuildLine(row)}
                secondary={`Requested ${when(row.requestedAt)} by ${row.requestedBy}`}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/**
 * Operations (admin only): the scan pipeline's figures and every projection with its checkpoint, lag, rate and state.
 * Rebuild records a request that a worker carries out; the bar follows the worker's progress (polled every half second
 * while a rebuild is open, every 3 s otherwise).
 */
export function OperationsPage() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const projections = useQuery({
    queryKey: PROJECTIONS_KEY,
    queryFn: opsApi.projections,
    refetchInterval: (query) =>
      query.state.data?.some((row) => row.lastRebuild && ['requested', 'running'].includes(row.lastRebuild.state)) ? 500 : 3000,
  });
  const pipeline = useQuery({ queryKey: PIPELINE_KEY, queryFn: opsApi.scanPipeline, refetchInterval: 3000 });
  const open = projections.data?.some((row) => row.lastRebuild && ['requested', 'running'].includes(row.lastRebuild.state)) ?? false;
  const rebuilds = useQuery({ queryKey: REBUILDS_KEY, queryFn: opsApi.recentRebuilds, refetchInterval: open ? 1000 : 5000 });
  const rebuild = useMutation({
    mutationFn: opsApi.requestRebuild,
    onSuccess: (request) => {
      notify(`Rebuild of ${request.projection} requested: a worker carries it out.`, { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: PROJECTIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: REBUILDS_KEY });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setConfirming(null),
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Operations" />
      <Typography variant="h4" component="h1" gutterBottom>
        Operations
      </Typography>
      <Stack spacing={2}>
        <ScanPipelineCard pipeline={pipeline.data} />
        {projections.error && <Alert severity="error">{(projections.error as Error).message}</Alert>}
        <Typography variant="h5" component="h2">
          Projections
        </Typography>
        {!projections.data ? (
          <Typography variant="body2">Loading…</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' } }}>
            {projections.data.map((projection) => (
              <ProjectionCard
                key={projection.name}
                projection={projection}
                busy={rebuild.isPending}
                onRebuild={() => setConfirming(projection.name)}
              />
            ))}
          </Box>
        )}
        <RecentRebuilds rebuilds={rebuilds.data ?? []} />
      </Stack>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="rebuild-title">
        <DialogTitle id="rebuild-title">Rebuild {confirming}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            A worker replays every event into fresh tables while the current ones keep serving, then swaps them in. The bar on the
            projection's card follows it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => confirming && rebuild.mutate(confirming)} disabled={rebuild.isPending}>
            Start rebuild
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
