import { Box, Typography } from '@mui/material';
import { DateField, FunctionField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ApiAnswer } from '../../api/types';
import { ChangesTable } from './ChangesTable';
import { sentence } from './EventList';

/** GET /api/admin/events/:id. */
type FullEvent = ApiAnswer<'/api/admin/events/{id}'>;

/** A JSON block; SimpleShowLayout labels it from its `label` prop. */
function Json({ value }: { label: string; value: unknown }) {
  return (
    <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 12, maxWidth: '100%' }}>
      {JSON.stringify(value, null, 2)}
    </Box>
  );
}

function EventBody() {
  const event = useRecordContext<FullEvent>();
  // The list's row (no changes, data or metadata) stands in while the full event loads.
  if (!event?.changes) return null;
  return (
    <SimpleShowLayout>
      <Typography variant="h6" component="h2">
        {sentence(event)}
      </Typography>
      <DateField source="occurredAt" label="When" showTime />
      <Labeled label="Changes">
        <ChangesTable changes={event.changes} />
      </Labeled>
      <TextField source="type" />
      <TextField source="streamId" label="Stream" />
      <TextField source="revision" />
      <TextField source="position" />
      <TextField source="correlationId" label="Correlation id" emptyText="—" />
      <FunctionField
        label="Timelines"
        render={(row: FullEvent) => (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {row.qrId && <Link to={`/admin/codes/${row.qrId}/show`}>The code's page</Link>}
            {row.userId && <Link to={`/admin/users/${row.userId}/show`}>The user's page</Link>}
          </Box>
        )}
      />
      <Json label="Data" value={event.data} />
      <Json label="Metadata" value={event.metadata} />
    </SimpleShowLayout>
  );
}

/** One event in full: stream, revision, position, type, data, metadata, correlation id, and its diff. */
export function EventShow() {
  return (
    <Show title="Audit event">
      <EventBody />
    </Show>
  );
}
