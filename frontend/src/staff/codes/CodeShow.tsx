import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DateField,
  FunctionField,
  Labeled,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { dataProvider } from '../data-provider';
import { Timeline } from '../events/Timeline';
import { ReasonDialog } from '../ReasonDialog';
import { useCan } from '../staff';
import { CodeState, type StaffCode } from './CodeList';

const messageOf = (error: unknown) =>
  (error as { body?: { message?: string }; message?: string })?.body?.message ?? (error as Error).message;

/** Suspend a dynamic code with a reason, or lift its suspension (support and admins). */
function SuspensionActions() {
  const code = useRecordContext<StaffCode>();
  const allowed = useCan('suspendCodes');
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!code || !allowed || code.isDeleted || code.mode !== 'dynamic') return null;
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
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
      {code.isSuspended ? (
        <Button
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => run(() => dataProvider.liftSuspension(code.id), 'Suspension lifted')}
        >
          Lift suspension
        </Button>
      ) : (
        <Button variant="contained" color="error" disabled={busy} onClick={() => setAsking(true)}>
          Suspend code
        </Button>
      )}
      <ReasonDialog
        open={asking}
        title={`Suspend ${code.label}?`}
        label="Reason (the owner sees it)"
        confirm="Suspend code"
        busy={busy}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => run(() => dataProvider.suspendCode(code.id, reason), 'Code suspended: its link answers the disabled page')}
      />
    </Stack>
  );
}

function Title() {
  const code = useRecordContext<StaffCode>();
  return <>{code ? code.label : 'QR code'}</>;
}

/** A code's page: what it is, its owner, its state, suspension, and its full change history. */
export function CodeShow() {
  return (
    <Show title={<Title />}>
      <SimpleShowLayout>
        <SuspensionActions />
        <FunctionField
          label={false}
          render={(code: StaffCode) => (code.isSuspended ? <Alert severity="error">Suspended: {code.suspensionReason}</Alert> : null)}
        />
        <TextField source="label" label="Code" />
        <Labeled label="State">
          <FunctionField render={(code: StaffCode) => <CodeState code={code} />} />
        </Labeled>
        <ReferenceField source="userId" reference="users" label="Owner" link="show" />
        <TextField source="mode" />
        <TextField source="qrType" label="Type" />
        <FunctionField
          label="Link"
          render={(code: StaffCode) => (code.shortCode ? <Box component="code">/d/{code.shortCode}</Box> : '—')}
        />
        <TextField source="destination" emptyText="—" sx={{ wordBreak: 'break-all' }} />
        <TextField source="clientId" label="Tenant" />
        <DateField source="createdAt" label="Created" showTime />
        <DateField source="updatedAt" label="Updated" showTime />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          History
        </Typography>
        <Box sx={{ width: '100%' }}>
          <Timeline target="qrId" />
        </Box>
      </SimpleShowLayout>
    </Show>
  );
}
