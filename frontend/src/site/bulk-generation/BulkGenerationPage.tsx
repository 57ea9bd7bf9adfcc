import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { getBatch, isRunning, listBatches, type Batch } from '../../api/batches';
import { BatchFiles, BatchProblems, BatchProgress } from '../../ui/BatchResult';
import { createBatch, previewCsv, SAMPLE_CSV, type Preview } from './batches';

/**
 * The dashboard's Batches page shows a batch's result through this module (not ui/BatchResult directly), so the
 * result, the batches' calls and this page share one chunk: a chunk of their own would be one more name in the entry's
 * list of lazy chunks, which the landing page's budget (250 KB, full) counts.
 */
export { BatchFiles, BatchProblems, BatchProgress };

const POLL_MS = 500;

/**
 * The batch creator (issue 35): paste or upload a CSV (a header row naming the columns: qrType, name, the type's fields,
 * dynamic, tags, style.*), see each row checked by the same rules as the server before anything is made, create the
 * batch, follow its progress, then download its ZIP or print its PDF. The account's batches are listed below.
 */
export function BulkGenerationPage() {
  usePageTitle('Bulk Generation - QR Code Sharks');
  const [name, setName] = useState('');
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<Preview>({ rows: [], problem: null });
  const [creating, setCreating] = useState(false);
  const [batch, setBatch] = useState<Batch | null>(null);
  const [batches, setBatches] = useState<Batch[]>([]);
  const fileRef = useRef<HTMLInputElement>(null);

  const refreshList = useCallback(() => {
    listBatches()
      .then(setBatches)
      .catch(() => undefined);
  }, []);
  useEffect(refreshList, [refreshList]);

  useEffect(() => {
    let current = true;
    void previewCsv(csv).then((next) => current && setPreview(next));
    return () => {
      current = false;
    };
  }, [csv]);

  // Follows the batch until the worker is done with it.
  useEffect(() => {
    if (!batch || batch.state === 'done' || batch.state === 'failed') return;
    const timer = setTimeout(() => {
      getBatch(batch.id)
        .then((next) => {
          setBatch(next);
          if (next.state === 'done' || next.state === 'failed') refreshList();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [batch, refreshList]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
    if (!name) setName(file.name.replace(/\.(csv|txt)$/i, ''));
    event.target.value = '';
  };

  const valid = preview.rows.filter((row) => !row.error).length;
  const create = async () => {
    setCreating(true);
    try {
      const id = await createBatch(name.trim() || 'Batch', csv);
      setBatch(await getBatch(id));
    } catch (error) {
      toast({ title: 'The batch was not created', description: serverMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setCreating(false);
    }
  };

  const running = batch && isRunning(batch);

  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Bulk Generation
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        Many codes at once, saved to your account. Paste or upload a CSV whose first row names the columns: <code>qrType</code>,{' '}
        <code>name</code>, the type&apos;s fields (<code>url</code>, <code>text</code>, …), <code>dynamic</code>, <code>tags</code> and
        style columns such as <code>style.foregroundColor</code>.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            label="Batch name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label="CSV"
            multiline
            minRows={6}
            maxRows={16}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
            placeholder={SAMPLE_CSV}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <input ref={fileRef} id="bulk-file" type="file" accept=".csv,.txt,text/csv" hidden onChange={(event) => void onFile(event)} />
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()}>
              Upload CSV
            </Button>
            <Button variant="text" onClick={() => setCsv(SAMPLE_CSV)}>
              Use the example
            </Button>
          </Stack>
          {preview.problem && <Alert severity="error">{preview.problem}</Alert>}
          {preview.rows.length > 0 && (
            <>
              <Typography>
                {preview.rows.length} rows: {valid} ready, {preview.rows.length - valid} with a problem (those make no code).
              </Typography>
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label="Preview">
                  <TableHead>
                    <TableRow>
                      <TableCell>Row</TableCell>
                      <TableCell>Type</TableCell>
                      <TableCell>Name</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Content</TableCell>
                      <TableCell>Check</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row) => (
                      <TableRow key={row.row}>
                        <TableCell>{row.row}</TableCell>
                        <TableCell>
                          {row.qrType}
                          {row.dynamic ? ' (dynamic)' : ''}
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>{row.name}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>{row.content}</TableCell>
                        <TableCell>
                          {row.error ? (
                            <Typography color="error" variant="body2">
                              {row.error.field ? `${row.error.field}: ` : ''}
                              {row.error.message}
                            </Typography>
                          ) : (
                            <Chip size="small" color="success" label="OK" />
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
          <Box>
            <Button variant="contained" size="large" onClick={() => void create()} disabled={creating || Boolean(running) || valid === 0}>
              {valid ? `Create ${valid} code${valid === 1 ? '' : 's'}` : 'Create batch'}
            </Button>
          </Box>
        </Stack>
      </Paper>

      {batch && (
        <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} aria-label="Batch">
          <Stack spacing={2}>
            <Typography variant="h6" component="h2">
              {batch.name}
            </Typography>
            <BatchProgress batch={batch} />
            <BatchProblems batch={batch} />
            {!running && <BatchFiles batch={batch} />}
          </Stack>
        </Paper>
      )}

      <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2, fontWeight: 700 }}>
        Your batches
      </Typography>
      {batches.length === 0 ? (
        <Typography color="text.secondary">No batches yet.</Typography>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Your batches">
          {batches.map((item) => (
            <Paper key={item.id} variant="outlined" component="li" sx={{ p: 2 }}>
              <Stack
                direction={{ xs: 'column', md: 'row' }}
                spacing={2}
                sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
              >
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {new Date(item.createdAt).toLocaleString()} · {item.created} of {item.total} created · {item.state}
                  </Typography>
                </Box>
                <BatchFiles batch={item} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Container>
  );
}

export default BulkGenerationPage;
