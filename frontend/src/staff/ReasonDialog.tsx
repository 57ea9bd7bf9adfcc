import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';

/** Asks for the reason an action needs (suspending a code, disabling an account) and confirms. */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  label: string;
  confirm: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={props.label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={!reason.trim() || props.busy} onClick={() => props.onConfirm(reason.trim())}>
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
