// A batch's result (issue 35), shown by the batch creator and the dashboard's Batches page: the progress bar while the
// worker makes its codes, then the counts, the rows to look at (refused rows, which made nothing, beside the codes made
// that would not scan once printed, in row order) and its files (a ZIP of every code, the print PDF).
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, AlertTitle, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { isRunning, pdfUrl, percentDone, zipUrl, type Batch } from '../api/batches';
import { counted } from './words';

/** A batch's files: the ZIP of every code's PNG and SVG, and the print-ready PDF. */
export function BatchFiles({ batch }: { batch: Batch }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <Button variant="contained" startIcon={<DownloadIcon />} href={zipUrl(batch.id)} download disabled={batch.created === 0}>
        Download ZIP
      </Button>
      <Button variant="outlined" startIcon={<PictureAsPdfIcon />} href={pdfUrl(batch.id)} target="_blank" disabled={batch.created === 0}>
        Print PDF (A4, 3 × 8)
      </Button>
    </Stack>
  );
}

/** The progress bar and what it came to so far. */
export function BatchProgress({ batch }: { batch: Batch }) {
  const running = isRunning(batch);
  const toCheck = batch.warnings.length;
  return (
    <Box>
      <LinearProgress variant="determinate" value={percentDone(batch)} aria-label="Batch progress" />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {running
          ? `Making codes: ${batch.processed} of ${batch.total} rows`
          : batch.state === 'failed'
            ? `Stopped after ${batch.processed} of ${batch.total} rows: ${batch.reason ?? 'the batch could not go on'}`
            : `${counted('code', batch.created)} created, ${batch.failed.length} failed` +
              (toCheck ? `, ${toCheck} to check before printing` : '')}
      </Typography>
    </Box>
  );
}

type Problem =
  | { kind: 'failed'; row: number; field: string | null; message: string }
  | { kind: 'warning'; row: number; codeId: string; message: string };

/**
 * The rows to look at, in row order: a refused row (nothing was made) and a code made that would not scan once printed
 * or might not (the server's scan check: two decoders at print size, contrast, logo, quiet zone), each with its reason.
 */
export function BatchProblems({ batch }: { batch: Batch }) {
  const problems: Problem[] = [
    ...batch.failed.map((failure) => ({ kind: 'failed' as const, ...failure })),
    ...batch.warnings.map((warning) => ({ kind: 'warning' as const, ...warning })),
  ].sort((a, b) => a.row - b.row);
  if (problems.length === 0) return null;
  return (
    // A region, not an alert: a result to read, not news to announce (Alert's default role is alert).
    <Alert severity="warning" component="section" role="region" aria-label="Rows to look at" sx={{ overflowWrap: 'anywhere' }}>
      <AlertTitle>Rows to look at</AlertTitle>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {problems.map((problem) => (
          <li key={`${problem.kind}-${problem.row}`} data-testid={`batch-${problem.kind}`}>
            <Chip
              size="small"
              variant="outlined"
              color={problem.kind === 'failed' ? 'error' : 'warning'}
              label={problem.kind === 'failed' ? 'Not made' : 'Check before printing'}
              // The warning's orange is under 4.5:1 as text on white: its border only, the words in the text colour.
              sx={{ mr: 1, fontWeight: 600, bgcolor: 'background.paper', ...(problem.kind === 'warning' && { color: 'text.primary' }) }}
            />
            {problem.kind === 'failed'
              ? `Row ${problem.row}${problem.field ? ` (${problem.field})` : ''}: ${problem.message}`
              : `Row ${problem.row}: ${problem.message}`}
          </li>
        ))}
      </Stack>
    </Alert>
  );
}
