// Text shown once (an API key, a curl command, a webhook's signing secret) with its copy button.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';

export async function copy(text: string, what: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('The clipboard is not available on this page');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} is on your clipboard.` });
  } catch (error) {
    toast({ title: 'Error', description: serverMessage(error, 'Could not copy'), variant: 'destructive' });
  }
}

/** A monospace box that wraps anywhere; `copied` names it in the toast ("The key is on your clipboard."). */
export function Secret({ label, value, testId, copied }: { label: string; value: string; testId: string; copied: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
      <Box
        component="code"
        data-testid={testId}
        sx={{ flex: 1, minWidth: 0, fontSize: 13, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
      >
        {value}
      </Box>
      <Tooltip title={`Copy ${label}`}>
        <IconButton size="small" aria-label={`Copy ${label}`} onClick={() => void copy(value, copied)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
