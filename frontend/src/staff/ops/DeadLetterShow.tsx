import { Box, Card, CardContent, Typography } from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import { when } from '../RecordTable';
import type { DeadLetter } from './ops-api';
import { DeadLetterActions } from './DeadLetterList';

const pre = {
  m: 0,
  p: 1.5,
  bgcolor: 'action.hover',
  borderRadius: 1,
  overflowX: 'auto',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
};

function DeadLetterDetail() {
  const letter = useRecordContext<DeadLetter>();
  if (!letter) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom sx={{ wordBreak: 'break-word' }}>
          {letter.eventType} in {letter.projection}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Failed {when(letter.failedAt)} · event {letter.eventId} at {letter.position.commit}/{letter.position.prepare}
          {letter.state !== 'open' ? ` · ${letter.state} ${when(letter.resolvedAt)} by ${letter.resolvedBy ?? '—'}` : ''}
        </Typography>
        <Box sx={{ my: 2 }}>
          <DeadLetterActions letter={letter} />
        </Box>
        <Typography variant="h6" component="h2">
          Error
        </Typography>
        <Box component="pre" sx={pre}>
          {letter.error}
        </Box>
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          The failing event
        </Typography>
        {letter.event ? (
          <>
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              Stream {letter.event.streamId}, revision {letter.event.revision}
            </Typography>
            <Box component="pre" sx={pre}>
              {JSON.stringify({ data: letter.event.data, metadata: letter.event.metadata }, null, 2)}
            </Box>
          </>
        ) : (
          <Typography variant="body2">The event store no longer returns this event.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function DeadLetterShow() {
  return (
    <Show title="Dead letter" component="div">
      <DeadLetterDetail />
    </Show>
  );
}
