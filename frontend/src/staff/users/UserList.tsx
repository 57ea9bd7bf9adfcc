import { Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import { planLabel, trialDaysLeft } from '@qrsharks/qr-core/browser';
import { List, NullableBooleanInput, SearchInput, SelectInput, SimpleList } from 'react-admin';
import type { ApiAnswer } from '../../api/types';
import { day, RecordTable } from '../RecordTable';
import { counted } from '../../ui/words';

/** A row of GET /api/admin/users (and GET /api/admin/users/:id). */
export type StaffUser = ApiAnswer<'/api/admin/users/{id}'>;

export const fullName = (user: StaffUser) => `${user.firstName} ${user.lastName}`.trim();

/** The plan as the site names it to its owner: "Free trial (2 days left)" while the trial runs (issue 30 item 5). */
export const userPlan = (user: StaffUser) => planLabel(user.subscriptionStatus, trialDaysLeft(user.trialEndDate));

export function Roles({ user }: { user: StaffUser }) {
  return (
    <Stack direction="row" spacing={0.5}>
      {user.roles.length ? (
        user.roles.map((role) => <Chip key={role} label={role} size="small" color="primary" />)
      ) : (
        <Chip label="user" size="small" />
      )}
      {user.isDisabled && <Chip label="disabled" size="small" color="error" />}
      {user.isDeleted && <Chip label="deleted" size="small" />}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Email or name" />,
  <SelectInput
    key="role"
    source="role"
    choices={[
      { id: 'user', name: 'user only' },
      { id: 'support', name: 'support' },
      { id: 'admin', name: 'admin' },
    ]}
  />,
  <NullableBooleanInput key="isDisabled" source="isDisabled" label="Disabled" />,
];

/** Every user the caller reaches: search by email or name; roles, subscription, created, number of codes. */
export function UserList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Users">
      {small ? (
        <SimpleList<StaffUser>
          primaryText={(user) => user.email}
          secondaryText={(user) => `${user.roles.join(', ') || 'user'} · ${counted('code', user.codeCount)} · ${userPlan(user)}`}
          tertiaryText={(user) => (user.isDisabled ? 'disabled' : '')}
          linkType="show"
        />
      ) : (
        <RecordTable<StaffUser>
          label="Users"
          empty="No users match."
          columns={[
            { label: 'Email', sort: 'email', render: (user) => user.email },
            { label: 'Name', render: (user) => fullName(user) || '—' },
            { label: 'Roles', render: (user) => <Roles user={user} /> },
            { label: 'Subscription', sort: 'subscriptionStatus', render: (user) => userPlan(user) },
            { label: 'Created', sort: 'createdAt', render: (user) => day(user.createdAt) },
            { label: 'Codes', sort: 'codeCount', render: (user) => user.codeCount },
          ]}
        />
      )}
    </List>
  );
}
