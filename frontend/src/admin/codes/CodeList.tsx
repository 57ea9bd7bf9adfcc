import { Chip, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  type RaRecord,
} from 'react-admin';

export interface StaffCode extends RaRecord<string> {
  label: string;
  ownerEmail: string | null;
  userId: string;
  mode: 'static' | 'dynamic';
  qrType: string;
  shortCode: string | null;
  destination: string | null;
  isPaused: boolean;
  isSuspended: boolean;
  suspensionReason: string | null;
  isDeleted: boolean;
  clientId: number;
  createdAt: string;
}

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
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="label" label="Code" />
          <TextField source="ownerEmail" label="Owner" sortable={false} />
          <TextField source="mode" sortable={false} />
          <TextField source="qrType" label="Type" sortable={false} />
          <TextField source="destination" sortable={false} emptyText="—" />
          <FunctionField label="State" render={(code: StaffCode) => <CodeState code={code} />} />
          <DateField source="createdAt" label="Created" />
        </Datagrid>
      )}
    </List>
  );
}
