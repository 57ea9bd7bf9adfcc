// The warning a save answered 412 with (If-Match no longer the code's version), and its Reload button: the editor's
// content and style tabs and its Routing tab both show it.
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { STALE_EDIT } from './code-edit';

interface Props {
  /** Which editor part warns ('stale-edit', 'routing-stale'): the browser tests find it by this. */
  testId: string;
  onReload: () => void;
  sx?: SxProps<Theme>;
}

export function StaleEditAlert({ testId, onReload, sx }: Props) {
  return (
    <Alert
      severity="warning"
      data-testid={testId}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          Reload
        </Button>
      }
    >
      {STALE_EDIT}
    </Alert>
  );
}
