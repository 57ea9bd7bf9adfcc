import { Alert, Button, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from './analytics-api';
import { dateTime } from '../../ui/words';
import { PointedAt } from './PointedAt';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

const STYLE_LABELS: Record<string, string> = {
  fgColor: 'foreground colour',
  bgColor: 'background colour',
  gradientColor: 'gradient colour',
  qrStyle: 'style',
  dotShape: 'dot shape',
  cornerShape: 'corner shape',
  innerCornerShape: 'inner corner shape',
  outerCornerColor: 'outer corner colour',
  innerCornerColor: 'inner corner colour',
  enableFrame: 'frame',
  frameText: 'frame text',
  frameColor: 'frame colour',
  frameTextColor: 'frame text colour',
  frameStyle: 'frame style',
  logoFileName: 'logo',
};

/** What changed, in words: destination from → to, a rename, a style change, pause, password... */
export function describeChange(entry: HistoryEntry): string {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  switch (entry.type) {
    case 'QrCreated':
      return entry.summary;
    case 'QrDestinationChanged':
      return `Destination changed from ${show(before.destination)} to ${show(after.destination)}`;
    case 'QrRenamed':
      return `Renamed from ${show(before.name)} to ${show(after.name)}`;
    case 'QrStyleChanged': {
      const changes = Object.keys(after)
        .filter((field) => field !== 'logoFilePath')
        .map((field) => `${STYLE_LABELS[field] ?? field} from ${show(before[field])} to ${show(after[field])}`);
      return changes.length ? `Style changed: ${changes.join('; ')}` : entry.summary;
    }
    case 'QrPasswordSet':
      return 'Password set';
    case 'QrPasswordRemoved':
      return 'Password removed';
    case 'QrPaused':
      return 'Paused';
    case 'QrResumed':
      return 'Resumed';
    default:
      return entry.summary;
  }
}

const whoDid = (entry: HistoryEntry) => entry.actorName ?? (entry.actorId === 'system' ? 'the system' : 'you');

/**
 * GET /api/qrcodes/{id}/history: every change of the code from its stream, newest first, with when and by whom; a
 * dynamic code's also asks where it pointed at a chosen moment (issue 33).
 */
export function HistoryTab({ qrId, dynamic }: { qrId: string; dynamic: boolean }) {
  const query = useQuery<HistoryEntry[]>({ queryKey: [`/api/qrcodes/${qrId}/history`], staleTime: 0, refetchOnMount: 'always' });
  if (query.isPending) return <CircularProgress aria-label="Loading history" />;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        }
      >
        Failed to load the history of this code
      </Alert>
    );
  const entries = [...query.data].reverse();
  return (
    <>
      {dynamic && <PointedAt qrId={qrId} />}
      <Paper variant="outlined">
        <List data-testid="history">
          {entries.map((entry) => (
            <ListItem key={entry.id} divider data-testid="history-entry" data-type={entry.type}>
              <ListItemText
                primary={<Typography sx={{ overflowWrap: 'anywhere' }}>{describeChange(entry)}</Typography>}
                secondary={`${dateTime(entry.at)} by ${whoDid(entry)}`}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
