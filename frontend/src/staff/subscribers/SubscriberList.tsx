import DownloadIcon from '@mui/icons-material/Download';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { Button, List, SearchInput, SelectInput, TopToolbar, useListContext } from 'react-admin';
import { API } from '../data-provider';
import { RecordTable, when } from '../RecordTable';
import type { ApiAnswer } from '../../api/types';

/** A row of GET /api/admin/newsletter-subscribers. */
type Subscriber = ApiAnswer<'/api/admin/newsletter-subscribers'>[number];

const STATUS_CHOICES = [
  { id: 'confirmed', name: 'Confirmed' },
  { id: 'unconfirmed', name: 'Not confirmed yet' },
  { id: 'unsubscribed', name: 'Unsubscribed' },
];
const STATUS_NAME = Object.fromEntries(STATUS_CHOICES.map((choice) => [choice.id, choice.name]));

/** The CSV of what the list shows (its filter and sort), downloaded by the browser (GET /api/admin/newsletter-subscribers.csv). */
function CsvButton() {
  const { filterValues, sort } = useListContext();
  const params = new URLSearchParams({ filter: JSON.stringify(filterValues), sort: JSON.stringify([sort.field, sort.order]) });
  return (
    <Button label="Export CSV" onClick={() => window.location.assign(`${API}/newsletter-subscribers.csv?${params.toString()}`)}>
      <DownloadIcon />
    </Button>
  );
}

function Count() {
  const { total } = useListContext();
  if (total === undefined) return null;
  return (
    <Typography variant="body2" sx={{ px: 2, py: 1 }} data-testid="subscriber-count">
      {total === 1 ? '1 subscriber' : `${total.toLocaleString()} subscribers`}
    </Typography>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Email" />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn emptyText="Any status" />,
];

/** The newsletter's subscribers (admins only, as the newsletter tools): search, status, count and CSV export. */
export function SubscriberList() {
  // On a phone the email and status fill the width; the dates are in the CSV.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      filters={filters}
      sort={{ field: 'subscribedAt', order: 'DESC' }}
      title="Subscribers"
      actions={
        <TopToolbar>
          <CsvButton />
        </TopToolbar>
      }
      empty={false}
    >
      <Count />
      <RecordTable<Subscriber>
        label="Subscribers"
        show={false}
        empty="No subscriber matches."
        columns={[
          { label: 'Email', sort: 'email', render: (row) => row.email },
          { label: 'Status', render: (row) => STATUS_NAME[row.status] },
          ...(phone
            ? []
            : [
                { label: 'Subscribed', sort: 'subscribedAt', render: (row: Subscriber) => when(row.subscribedAt) },
                { label: 'Confirmed', render: (row: Subscriber) => (row.confirmedAt ? when(row.confirmedAt) : '—') },
              ]),
        ]}
      />
    </List>
  );
}
