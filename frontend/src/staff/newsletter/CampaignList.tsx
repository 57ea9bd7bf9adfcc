import { List, Show, useRecordContext } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { RecordTable, when } from '../RecordTable';
import { KIND_LABELS, LiveCampaign, ProgressBar, type Campaign } from './CampaignProgress';
import { counted } from '../../ui/words';

/** Every campaign of the caller's tenants, newest first, with its figures from the sent ledger. */
export function CampaignList() {
  return (
    <List sort={{ field: 'startedAt', order: 'DESC' }} title="Campaigns" empty={false} exporter={false}>
      <RecordTable<Campaign & { id: string }>
        label="Campaigns"
        empty="No campaign yet: send one from the newsletter manager."
        columns={[
          { label: 'Started', sort: 'startedAt', render: (row) => when(row.startedAt) },
          { label: 'Kind', sort: 'kind', render: (row) => KIND_LABELS[row.kind] },
          { label: 'Subject', render: (row) => row.subject },
          { label: 'Recipients', sort: 'recipientCount', render: (row) => row.recipientCount },
          { label: 'Progress', render: (row) => <ProgressBar campaign={row} /> },
        ]}
      />
    </List>
  );
}

function CampaignPage() {
  const record = useRecordContext<Campaign & { id: string }>();
  if (!record) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Started {when(record.startedAt)} for {counted('recipient', record.recipientCount)}
        {record.optedOut ? ` (${record.optedOut} opted out)` : ''}
      </Typography>
      <LiveCampaign id={record.id} />
    </Box>
  );
}

export function CampaignShow() {
  return (
    <Show title="Campaign">
      <CampaignPage />
    </Show>
  );
}
