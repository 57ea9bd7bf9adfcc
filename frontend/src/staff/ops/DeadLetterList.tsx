import { Box, Button, Chip, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { List, SelectInput, TextInput, useNotify, useRefresh } from 'react-admin';
import { RecordTable, when } from '../RecordTable';
import { opsApi, type DeadLetterRow } from './ops-api';

/** Retry applies the failing event again (409 with its error while it still fails); Skip leaves it out for good. */
export function DeadLetterActions({ letter }: { letter: DeadLetterRow }) {
  const notify = useNotify();
  const refresh = useRefresh();
  const done = (verb: string) => () => {
    notify(`Dead letter ${verb}.`, { type: 'info' });
    refresh();
  };
  const failed = (error: Error) => notify(error.message, { type: 'error' });
  const retry = useMutation({ mutationFn: () => opsApi.retry(letter.id), onSuccess: done('retried'), onError: failed });
  const skip = useMutation({ mutationFn: () => opsApi.skip(letter.id), onSuccess: done('skipped'), onError: failed });
  if (letter.state !== 'open') return <Chip size="small" label={`${letter.state} by ${letter.resolvedBy ?? '—'}`} />;
  const busy = retry.isPending || skip.isPending;
  return (
    <Stack direction="row" spacing={1} onClick={(event) => event.stopPropagation()}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => retry.mutate()}>
        Retry
      </Button>
      <Button size="small" color="warning" disabled={busy} onClick={() => skip.mutate()}>
        Skip
      </Button>
    </Stack>
  );
}

const firstLine = (text: string) => {
  const line = text.split('\n')[0];
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

/** Events a projection could not apply (after its retries), with the error; the open ones unless the filter says otherwise. */
export function DeadLetterList() {
  return (
    <List
      title="Dead letters"
      sort={{ field: 'failedAt', order: 'DESC' }}
      exporter={false}
      filterDefaultValues={{ state: 'open' }}
      filters={[
        <SelectInput
          key="state"
          source="state"
          label="Showing"
          alwaysOn
          choices={[
            { id: 'open', name: 'Open' },
            { id: 'retried', name: 'Retried' },
            { id: 'skipped', name: 'Skipped' },
            { id: 'all', name: 'All' },
          ]}
        />,
        <TextInput key="projection" source="projection" alwaysOn />,
      ]}
      empty={false}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <RecordTable<DeadLetterRow>
          label="Dead letters"
          empty="No dead letters: every projection applied every event."
          columns={[
            { label: 'Event', render: (row) => row.eventType },
            { label: 'Projection', render: (row) => row.projection },
            { label: 'Error', render: (row) => firstLine(row.error) },
            { label: 'Failed', sort: 'failedAt', render: (row) => when(row.failedAt) },
            { label: 'Actions', render: (row) => <DeadLetterActions letter={row} /> },
          ]}
        />
      </Box>
    </List>
  );
}
