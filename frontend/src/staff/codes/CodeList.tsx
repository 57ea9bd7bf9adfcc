import { Chip, useMediaQuery, type Theme } from '@mui/material';
import { List, NullableBooleanInput, SearchInput, SelectInput, SimpleList } from 'react-admin';
import type { ApiAnswer } from '../../api/types';
import { day, RecordTable } from '../RecordTable';

/** A row of GET /api/admin/codes. */
export type StaffCode = ApiAnswer<'/api/admin/codes'>[number];

export function CodeState({ code }: { code: StaffCode }) {
  if (code.isDeleted) return <Chip size="small" label="deleted" />;
  if (code.isSuspended) return <Chip size="small" color="error" label="suspended" />;
  if (code.isPaused) return <Chip size="small" color="warning" label="paused" />;
  return <Chip size="small" color="success" label="active" />;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, destination, link or owner" />,
  <SelectInput
    key="mode"
    source="mode"
    choices={[
      { id: 'dynamic', name: 'dynamic' },
      { id: 'static', name: 'static' },
    ]}
  />,
  <NullableBooleanInput key="isSuspended" source="isSuspended" label="Suspended" />,
];

/** Every code the caller reaches, any owner: search by name, destination, short link or owner's email. */
export function CodeList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="QR codes">
      {small ? (
        <SimpleList<StaffCode>
          primaryText={(code) => code.label}
          secondaryText={(code) => `${code.ownerEmail ?? ''} · ${code.mode} ${code.qrType}`}
          tertiaryText={(code) => (code.isSuspended ? 'suspended' : code.isPaused ? 'paused' : '')}
          linkType="show"
        />
      ) : (
        <RecordTable<StaffCode>
          label="QR codes"
          empty="No codes match."
          columns={[
            { label: 'Code', sort: 'label', render: (code) => code.label },
            { label: 'Owner', render: (code) => code.ownerEmail ?? '—' },
            { label: 'Mode', render: (code) => code.mode },
            { label: 'Type', render: (code) => code.qrType },
            { label: 'Destination', render: (code) => code.destination ?? '—' },
            { label: 'State', render: (code) => <CodeState code={code} /> },
            { label: 'Created', sort: 'createdAt', render: (code) => day(code.createdAt) },
          ]}
        />
      )}
    </List>
  );
}
