import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  FormControl,
  Grid,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { BULK_BATCH_SIZE, bulkLines, downloadSvg, generateOne, readBulkFile, type BulkItem, type BulkType } from './bulk';

const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function BulkGenerationPage() {
  usePageTitle('Bulk Generation - QR Code Sharks');
  const [input, setInput] = useState('');
  const [qrType, setQrType] = useState<BulkType>('url');
  const [fgColor, setFgColor] = useState('#000000');
  const [bgColor, setBgColor] = useState('#FFFFFF');
  const [generating, setGenerating] = useState(false);
  const [results, setResults] = useState<BulkItem[]>([]);
  const [counts, setCounts] = useState({ success: 0, failed: 0, total: 0 });
  const fileRef = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const { text, header } = readBulkFile(file.name, await file.text());
    setInput(text);
    event.target.value = '';
    if (header !== null)
      toast({ title: 'Header row skipped', description: `The first row ("${header}") names the column, so it is not made into a code.` });
  };

  const generate = async () => {
    if (!input) {
      toast({ title: 'No data provided', description: 'Type or upload at least one line.', variant: 'destructive' });
      return;
    }
    const lines = bulkLines(input);
    if (lines.length === 0) {
      toast({ title: 'No valid data', description: 'Every line is empty.', variant: 'destructive' });
      return;
    }
    setGenerating(true);
    setResults([]);
    setCounts({ success: 0, failed: 0, total: lines.length });
    try {
      let success = 0;
      let failed = 0;
      const all: BulkItem[] = [];
      for (let start = 0; start < lines.length; start += BULK_BATCH_SIZE) {
        const batch = lines.slice(start, start + BULK_BATCH_SIZE);
        const done = await Promise.all(batch.map((data, offset) => generateOne(start + offset + 1, data, qrType, fgColor, bgColor)));
        all.push(...done);
        success += done.filter((item) => item.status === 'success').length;
        failed += done.filter((item) => item.status === 'error').length;
        setResults([...all]);
        setCounts({ success, failed, total: lines.length });
      }
      toast({
        title: 'Bulk Generation Complete',
        description: `Generated ${success} QR codes successfully. ${failed} failed.`,
        variant: success === 0 ? 'destructive' : 'default',
      });
    } catch {
      toast({ title: 'Generation failed', description: 'An error occurred during bulk generation.', variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  };

  const downloadAll = () => {
    const ok = results.filter((item) => item.status === 'success' && item.qrCode);
    if (ok.length === 0) {
      toast({ title: 'No QR codes to download', description: 'Generate some codes first.', variant: 'destructive' });
      return;
    }
    ok.forEach((item, index) => setTimeout(() => downloadSvg(item.qrCode as string, `qr-code-${index + 1}.svg`), index * 150));
  };

  const processed = counts.success + counts.failed;

  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Bulk Generation
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        One QR code per line. Paste your list or upload a CSV (first column is used) or TXT file.
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack spacing={2}>
              <TextField
                label={qrType === 'url' ? 'URLs, one per line' : 'Texts, one per line'}
                multiline
                minRows={10}
                value={input}
                onChange={(event) => setInput(event.target.value)}
                placeholder={qrType === 'url' ? 'https://example.com/product/1\nhttps://example.com/product/2' : 'ASSET-0001\nASSET-0002'}
                fullWidth
              />
              <Box>
                <input ref={fileRef} id="bulk-file" type="file" accept=".csv,.txt" hidden onChange={(event) => void onFile(event)} />
                <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()}>
                  Upload CSV or TXT
                </Button>
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <FormControl fullWidth>
                  <InputLabel id="bulk-type-label">QR type</InputLabel>
                  <Select
                    labelId="bulk-type-label"
                    label="QR type"
                    value={qrType}
                    onChange={(event) => setQrType(event.target.value as BulkType)}
                  >
                    <MenuItem value="url">Website URL</MenuItem>
                    <MenuItem value="text">Plain Text</MenuItem>
                  </Select>
                </FormControl>
                <TextField
                  type="color"
                  label="Foreground"
                  value={fgColor}
                  onChange={(event) => setFgColor(event.target.value)}
                  sx={{ minWidth: 120 }}
                />
                <TextField
                  type="color"
                  label="Background"
                  value={bgColor}
                  onChange={(event) => setBgColor(event.target.value)}
                  sx={{ minWidth: 120 }}
                />
              </Stack>
              <Button variant="contained" size="large" onClick={() => void generate()} disabled={generating || !input.trim()}>
                {generating ? 'Generating...' : 'Generate QR Codes'}
              </Button>
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Progress
              </Typography>
              {counts.total > 0 ? (
                <>
                  <LinearProgress
                    variant="determinate"
                    value={(processed / counts.total) * 100}
                    aria-label="Bulk generation progress"
                    sx={{ mb: 2 }}
                  />
                  <Stack direction="row" spacing={1}>
                    <Chip color="success" label={`Success: ${counts.success}`} data-testid="bulk-success" />
                    <Chip color="error" label={`Failed: ${counts.failed}`} data-testid="bulk-failed" />
                    <Chip label={`Total: ${counts.total}`} />
                  </Stack>
                </>
              ) : (
                <Typography color="text.secondary">Nothing generated yet.</Typography>
              )}
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadAll} disabled={generating} sx={{ mt: 2 }} fullWidth>
                Download all (SVG)
              </Button>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      {results.length > 0 && (
        <Box component="section" aria-label="Results" sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            Results
          </Typography>
          <Grid container spacing={2}>
            {results.map((item) => (
              <Grid key={item.id} size={{ xs: 6, sm: 4, md: 3 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    {item.status === 'success' && item.qrCode ? (
                      <Box
                        component="img"
                        src={svgSrc(item.qrCode)}
                        alt={`QR code for ${item.data}`}
                        sx={{ width: '100%', aspectRatio: '1', display: 'block' }}
                      />
                    ) : (
                      <Alert severity="error" sx={{ mb: 1 }}>
                        {item.error}
                      </Alert>
                    )}
                    <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                      {item.id}. {item.data}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      )}
    </Container>
  );
}
