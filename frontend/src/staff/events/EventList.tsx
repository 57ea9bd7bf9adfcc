import DownloadIcon from '@mui/icons-material/Download';
import { useMediaQuery, type Theme } from '@mui/material';
import {
  Button,
  DateTimeInput,
  FilterButton,
  List,
  ReferenceInput,
  AutocompleteInput,
  SearchInput,
  SelectArrayInput,
  SimpleList,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import type { ApiAnswer } from '../../api/types';
import { eventsCsvUrl } from '../data-provider';
import { RecordTable, when, type Column } from '../RecordTable';
import { EVENT_TYPE_CHOICES } from './event-types';

/** A row of GET /api/admin/events. */
export type AuditRow = ApiAnswer<'/api/admin/events'>[number];

/** "who did what", the row's sentence with its subject. */
export const sentence = (row: AuditRow) => `${row.actorEmail ?? row.actorId ?? 'someone'} ${row.summary}`;

export const AUDIT_COLUMNS: Column<AuditRow>[] = [
  { label: 'When', sort: 'occurredAt', render: (row) => when(row.occurredAt) },
  { label: 'Who', render: (row) => row.actorEmail ?? row.actorId ?? 'system' },
  { label: 'What', render: (row) => row.summary },
  { label: 'Type', render: (row) => row.type },
];

function CsvButton() {
  const { filterValues, sort } = useListContext();
  return (
    <Button label="Export CSV" onClick={() => window.location.assign(eventsCsvUrl(filterValues, sort))}>
      <DownloadIcon />
    </Button>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search changes" />,
  <SelectArrayInput key="type" source="type" label="Event type" choices={EVENT_TYPE_CHOICES} />,
  // Suggestions by email, A to Z (react-admin would otherwise ask the users sorted by id).
  <ReferenceInput key="userId" source="userId" reference="users" label="User" sort={{ field: 'email', order: 'ASC' }}>
    <AutocompleteInput label="User" optionText="email" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: { md: 340 } }} />
  </ReferenceInput>,
  <TextInput key="qrId" source="qrId" label="Code id" />,
  <TextInput key="clientId" source="clientId" label="Tenant id" parse={(value: string) => (value ? Number(value) : undefined)} />,
  <DateTimeInput key="from" source="from" label="From" />,
  <DateTimeInput key="to" source="to" label="To" />,
];

/** The audit log: newest first, filterable by code, user, type, tenant and time; each row opens the full event. */
export function EventList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      sort={{ field: 'position', order: 'DESC' }}
      perPage={25}
      title="Audit log"
      actions={
        <TopToolbar>
          <FilterButton />
          <CsvButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<AuditRow>
          primaryText={(row) => sentence(row)}
          secondaryText={(row) => new Date(row.occurredAt).toLocaleString()}
          linkType="show"
        />
      ) : (
        <RecordTable<AuditRow> label="Audit log" empty="No changes match." columns={AUDIT_COLUMNS} />
      )}
    </List>
  );
}
