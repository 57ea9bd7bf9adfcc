import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { valueLabel, type LiveScan } from './analytics-api';
import { ChartCard } from './ChartCard';
import { timeOfDay } from '../../ui/words';

const KEEP = 20;

/** GET /api/dynamic-qrcodes/{id}/scans/live (server-sent events): new scans appear at the top without a reload. */
export function LiveFeed({ qrId, onScan }: { qrId: string; onScan?: () => void }) {
  const [scans, setScans] = useState<LiveScan[]>([]);
  const [state, setState] = useState<'connecting' | 'open' | 'closed'>('connecting');
  const notify = useRef(onScan);
  useEffect(() => {
    notify.current = onScan;
  }, [onScan]);
  useEffect(() => {
    const source = new EventSource(`/api/dynamic-qrcodes/${qrId}/scans/live`, { withCredentials: true });
    source.onopen = () => setState('open');
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
    source.addEventListener('scan', (event) => {
      const batch = JSON.parse((event as MessageEvent<string>).data) as LiveScan[];
      setScans((current) => [...[...batch].reverse(), ...current].slice(0, KEEP));
      notify.current?.();
    });
    return () => source.close();
  }, [qrId]);
  return (
    <ChartCard title="Live scans">
      <Typography variant="body2" color="text.secondary" data-testid="live-state" data-state={state}>
        {state === 'open' ? 'Listening: new scans appear here as they happen.' : state === 'connecting' ? 'Connecting…' : 'Disconnected.'}
      </Typography>
      {scans.length === 0 ? (
        <Typography sx={{ mt: 1 }}>No scans since you opened this page.</Typography>
      ) : (
        <List dense data-testid="live-feed" aria-live="polite">
          {scans.map((scan) => (
            <ListItem key={scan.scanId} disableGutters data-testid="live-scan">
              <ListItemText
                primary={
                  <Box component="span">
                    {timeOfDay(scan.scannedAt)} · {scan.country ? valueLabel('country', scan.country) : 'Unknown country'}
                    {scan.isBot ? ' · bot' : ''}
                  </Box>
                }
                secondary={`${scan.device}, ${scan.os}, ${scan.browser}${scan.referrer ? ` · from ${scan.referrer}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </ChartCard>
  );
}
