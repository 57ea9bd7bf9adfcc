import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanField,
  DateField,
  FunctionField,
  Labeled,
  NumberField,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { CodeState, type StaffCode } from '../codes/CodeList';
import { dataProvider } from '../data-provider';
import { day, RecordTable } from '../RecordTable';
import { Timeline } from '../events/Timeline';
import { ReasonDialog } from '../ReasonDialog';
import { useCan, useStaff } from '../staff';
import { fullName, Roles, userPlan, type StaffUser } from './UserList';

const messageOf = (error: unknown) =>
  (error as { body?: { message?: string }; message?: string })?.body?.message ?? (error as Error).message;

/** Grant or revoke support and admin, disable or re-enable: admins only (support sees none of these controls). */
function UserActions() {
  const user = useRecordContext<StaffUser>();
  const { staff } = useStaff();
  const canRoles = useCan('changeRoles');
  const canDisable = useCan('disableAccounts');
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!user || (!canRoles && !canDisable) || user.isDeleted) return null;
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const self = staff?.id === user.id;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Account actions">
      {canRoles &&
        (['support', 'admin'] as const).map((role) =>
          user.roles.includes(role) ? (
            <Button
              key={role}
              variant="outlined"
              disabled={busy || (self && role === 'admin')}
              onClick={() => run(() => dataProvider.revokeRole(user.id, role), `Revoked ${role}`)}
            >
              Revoke {role}
            </Button>
          ) : (
            <Button
              key={role}
              variant="outlined"
              disabled={busy}
              onClick={() => run(() => dataProvider.grantRole(user.id, role), `Granted ${role}`)}
            >
              Grant {role}
            </Button>
          ),
        )}
      {canDisable &&
        !self &&
        (user.isDisabled ? (
          <Button
            variant="contained"
            color="success"
            disabled={busy}
            onClick={() => run(() => dataProvider.enableAccount(user.id), 'Account re-enabled')}
          >
            Re-enable account
          </Button>
        ) : (
          <Button variant="contained" color="error" disabled={busy} onClick={() => setAsking(true)}>
            Disable account
          </Button>
        ))}
      <ReasonDialog
        open={asking}
        title={`Disable ${user.email}?`}
        label="Reason"
        confirm="Disable account"
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => run(() => dataProvider.disableAccount(user.id, reason), 'Account disabled: its sessions have ended')}
      />
    </Stack>
  );
}

function Title() {
  const user = useRecordContext<StaffUser>();
  return <>{user ? user.email : 'User'}</>;
}

/** A user's page: their account, their codes (read-only) and their timeline. */
export function UserShow() {
  return (
    <Show title={<Title />}>
      <SimpleShowLayout>
        <UserActions />
        <FunctionField
          label={false}
          render={(user: StaffUser) =>
            user.isDisabled ? <Alert severity="error">This account is disabled: it cannot sign in.</Alert> : null
          }
        />
        <TextField source="email" />
        <TextField source="username" />
        <FunctionField label="Name" render={(user: StaffUser) => fullName(user) || '—'} />
        <Labeled label="Roles">
          <FunctionField render={(user: StaffUser) => <Roles user={user} />} />
        </Labeled>
        <FunctionField label="Subscription" render={(user: StaffUser) => userPlan(user)} />
        <NumberField source="codeCount" label="Codes" />
        <TextField source="clientId" label="Tenant" />
        <DateField source="createdAt" label="Created" showTime />
        <BooleanField source="isDisabled" label="Disabled" />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Codes
        </Typography>
        <ReferenceManyField reference="codes" target="userId" sort={{ field: 'createdAt', order: 'DESC' }} label={false}>
          <RecordTable<StaffCode>
            label="Codes"
            empty="No codes."
            columns={[
              { label: 'Code', render: (code) => code.label },
              { label: 'Mode', render: (code) => code.mode },
              { label: 'Type', render: (code) => code.qrType },
              { label: 'State', render: (code) => <CodeState code={code} /> },
              { label: 'Created', render: (code) => day(code.createdAt) },
            ]}
          />
        </ReferenceManyField>
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Timeline
        </Typography>
        <Box sx={{ width: '100%' }}>
          <Timeline target="userId" />
        </Box>
      </SimpleShowLayout>
    </Show>
  );
}
