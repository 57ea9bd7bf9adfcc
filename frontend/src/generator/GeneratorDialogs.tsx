// The generator's upsell and notice dialogs, with the spec's titles and texts.
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem } from '@mui/material';
import { QR_TYPE_LABELS, type QrType } from '@qrsharks/qr-core/browser';
import { Link as RouterLink } from 'react-router-dom';

export type GeneratorDialogKind = 'premium' | 'future' | 'analytics' | 'account';

export const PREMIUM_TEXT = 'Please sign in or create an account to access this functionality.';

interface GeneratorDialogsProps {
  open: GeneratorDialogKind | null;
  futureType: QrType | null;
  onClose: () => void;
}

export function GeneratorDialogs({ open, futureType, onClose }: GeneratorDialogsProps) {
  const signUp = (
    <Button component={RouterLink} to="/auth" variant="contained" onClick={onClose}>
      Create Free Account
    </Button>
  );
  return (
    <>
      <Dialog open={open === 'premium'} onClose={onClose} aria-labelledby="premium-title">
        <DialogTitle id="premium-title">Premium Feature</DialogTitle>
        <DialogContent>
          <DialogContentText>{PREMIUM_TEXT}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button component={RouterLink} to="/auth" variant="contained" onClick={onClose}>
            Sign In
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'future'} onClose={onClose} aria-labelledby="future-title">
        <DialogTitle id="future-title">Future Feature</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {futureType ? `${QR_TYPE_LABELS[futureType]} QR codes are coming soon.` : 'This QR code type is coming soon.'} Until then,
            choose another type to create your code.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained">
            OK
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'analytics'} onClose={onClose} aria-labelledby="analytics-title">
        <DialogTitle id="analytics-title">Unlock Advanced Analytics</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            Create a free account to track every scan of your codes:
            <List dense>
              <ListItem>Scan counts and unique visitors</ListItem>
              <ListItem>Reports by day, device and location</ListItem>
              <ListItem>Dynamic codes you can edit without reprinting</ListItem>
            </List>
            Free forever, no credit card required, 30 seconds signup.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Maybe Later</Button>
          {signUp}
        </DialogActions>
      </Dialog>

      <Dialog open={open === 'account'} onClose={onClose} aria-labelledby="account-title">
        <DialogTitle id="account-title">Create Free Account</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your QR code is downloaded. Sign up to save it, track its scans and edit it later without reprinting. Free forever, no credit
            card required, 30 seconds signup.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Maybe Later</Button>
          {signUp}
        </DialogActions>
      </Dialog>
    </>
  );
}
