import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { send, serverMessage, throwIfNotOk } from '../../api/http';
import { toast } from '../../ui/toast';

export const EXPORT_PATH = '/api/account/export';
const FALLBACK_NAME = 'qr-code-sharks-data.json';

/** The file name the server gives in Content-Disposition, else a default. */
function fileName(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? FALLBACK_NAME;
}

/** The body, read chunk by chunk so the card can say how much has arrived (the server streams it, no length known). */
async function readAll(response: Response, onBytes: (received: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(parts as BlobPart[], { type: 'application/json' });
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * "Download my data" (issue 32 item 3): everything the product holds about the person as one JSON file
 * (docs/account-export.md), with a progress bar while it arrives. Errors (the hourly limit's 429 among them) are the
 * app's error toasts with the server's message.
 */
export function DataExportCard() {
  const [received, setReceived] = useState<number | null>(null);
  const downloading = received !== null;

  const download = async () => {
    setReceived(0);
    try {
      const response = await send('GET', EXPORT_PATH);
      await throwIfNotOk(response);
      const blob = await readAll(response, setReceived);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(response);
      document.body.appendChild(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click's task has run.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast({ title: 'Download ready', description: 'Your data was saved as a JSON file.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'Your data could not be downloaded. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setReceived(null);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 4 }} component="section" aria-labelledby="your-data">
      <CardContent>
        <Typography id="your-data" variant="h6" component="h2" gutterBottom>
          Your data
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Download everything we hold about you: your account, your QR codes with their content, style and history, daily scans, share
          links, payments received, notification settings and the emails we sent you, as one JSON file.
        </Typography>
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing your data...' : 'Download my data'}
          </Button>
          {downloading && (
            <Stack spacing={0.5} sx={{ width: '100%' }}>
              <LinearProgress aria-label="Downloading your data" />
              <Typography variant="body2" color="text.secondary" role="status">
                {received ? `${size(received)} received` : 'Collecting your data...'}
              </Typography>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
