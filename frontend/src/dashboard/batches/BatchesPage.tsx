// Batches in the dashboard (issue 35): the owner's batches (GET /api/batches) with their state, counts and a progress
// bar while the worker makes their codes (refreshed every second until none runs); one opens to its result (the rows to
// look at: refused rows and codes that would not scan) and its ZIP and PDF. New batches are made on /bulk-generation.
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { BATCHES_KEY, getBatch, isRunning, listBatches, percentDone, type Batch } from '../../api/batches';
// Through the batch creator's module: one chunk for both (see there).
import { BatchFiles, BatchProblems, BatchProgress } from '../../site/bulk-generation/BulkGenerationPage';
import { usePageTitle } from '../../ui/usePageTitle';
import { counted, dateTime } from '../../ui/words';

const POLL_MS = 1000;

const STATE: Record<Batch['state'], { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  queued: { label: 'Queued', color: 'default' },
  running: { label: 'Running', color: 'info' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Stopped', color: 'error' },
};

function StateChip({ batch }: { batch: Batch }) {
  const state = STATE[batch.state];
  return <Chip size="small" label={state.label} color={state.color} variant="outlined" sx={{ fontWeight: 600 }} />;
}

/** One line of counts: codes made of the rows, rows refused, codes to check before printing. */
const countsOf = (batch: Batch) =>
  [
    `${batch.created} of ${counted('row', batch.total)} made`,
    batch.failed.length ? `${batch.failed.length} failed` : null,
    batch.warnings.length ? `${batch.warnings.length} to check` : null,
  ]
    .filter(Boolean)
    .join(' · ');

function BatchCard({ batch }: { batch: Batch }) {
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
          <Link
            component={RouterLink}
            to={`/dashboard/batches/${batch.id}`}
            aria-label={`Open ${batch.name}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {batch.name}
          </Link>
          <StateChip batch={batch} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {dateTime(batch.createdAt)} · {countsOf(batch)}
        </Typography>
        {isRunning(batch) && (
          <LinearProgress variant="determinate" value={percentDone(batch)} aria-label={`${batch.name} progress`} sx={{ mt: 1 }} />
        )}
      </CardContent>
    </Card>
  );
}

export function BatchesPage() {
  usePageTitle('Batches - QR Code Sharks');
  const batches = useQuery({
    queryKey: BATCHES_KEY,
    queryFn: listBatches,
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? POLL_MS : false),
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Batches" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h5" component="h1">
            Batches
          </Typography>
          <Typography color="text.secondary">Many codes at once from a CSV, with a ZIP of their files and a PDF to print.</Typography>
        </Box>
        <Button variant="contained" startIcon={<AddIcon />} href="/bulk-generation" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          New batch
        </Button>
      </Stack>
      {batches.isError && <Alert severity="error">Your batches could not be loaded. Please try again.</Alert>}
      {batches.isPending && <LinearProgress aria-label="Loading batches" />}
      {batches.data?.length === 0 && <Typography color="text.secondary">No batches yet.</Typography>}
      {batches.data && batches.data.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label="Your batches" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {batches.data.map((batch) => (
            <BatchCard key={batch.id} batch={batch} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** One batch: its progress (refreshed while it runs), the rows to look at and its files. */
export function BatchPage() {
  const { id = '' } = useParams();
  const batch = useQuery({
    queryKey: [...BATCHES_KEY, id],
    queryFn: () => getBatch(id),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? POLL_MS : false),
  });
  usePageTitle(`${batch.data?.name ?? 'Batch'} - QR Code Sharks`);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Batch" />
      <Box>
        <Button component={RouterLink} to="/dashboard/batches" startIcon={<ArrowBackIcon />}>
          All batches
        </Button>
      </Box>
      {batch.isError && <Alert severity="error">This batch could not be found.</Alert>}
      {batch.isPending && <LinearProgress aria-label="Loading the batch" />}
      {batch.data && (
        <Card variant="outlined" component="section" aria-label="Batch">
          <CardContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {batch.data.name}
                </Typography>
                <StateChip batch={batch.data} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                Created {dateTime(batch.data.createdAt)} · {countsOf(batch.data)}
              </Typography>
              <BatchProgress batch={batch.data} />
              <BatchProblems batch={batch.data} />
              {!isRunning(batch.data) && <BatchFiles batch={batch.data} />}
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
