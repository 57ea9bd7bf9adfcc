// react-admin's bulk actions on the code list (issue 35): with cards selected, the list's bulk toolbar offers Pause,
// Resume, Tag, Untag and Delete (asked first). One POST /api/dashboard/codes/bulk per action: every selected code is
// tried and answers for itself, so the codes that could not be changed are listed with the server's reason and stay
// selected; the others leave the selection. Nothing here decides what a code may do: the server does, per code.
import DeleteIcon from '@mui/icons-material/Delete';
import LabelOffIcon from '@mui/icons-material/LabelOffOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { BulkActionsToolbar, useDataProvider, useListContext, useRefresh } from 'react-admin';
import { queryClient, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { counted } from '../../ui/words';
import { TRIAL_STATUS_KEY } from '../../ui/trial-status';
import { OWNER_TAGS_KEY, type BulkAction, type CodeResult, type DashboardCode, type DashboardDataProvider } from '../data-provider';
import { codeTitle } from './code-text';
import { TagInput, useOwnerTags } from './tags';

/** On phones the toolbar holds the icons alone (their names stay in aria-label): five labels do not fit at 375 px. */
const COMPACT = {
  minWidth: { xs: 34, sm: 64 },
  px: { xs: 0.5, sm: 1 },
  '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
} as const;
const Label = ({ children }: { children: string }) => (
  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
    {children}
  </Box>
);

const DONE: Record<BulkAction, string> = {
  pause: 'paused',
  resume: 'resumed',
  delete: 'deleted',
  tag: 'tagged',
  untag: 'untagged',
};

/** What the last bulk action came to: the codes it could not change, each with the server's reason. */
export interface BulkReport {
  action: BulkAction;
  failed: { id: string; title: string; error: string }[];
  done: number;
}

export function BulkReportAlert({ report, onClose }: { report: BulkReport | null; onClose: () => void }) {
  if (!report || report.failed.length === 0) return null;
  const total = report.done + report.failed.length;
  return (
    <Alert severity="warning" onClose={onClose} data-testid="bulk-report" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
      <AlertTitle>
        {report.failed.length} of {counted('code', total)} not {DONE[report.action]}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {report.failed.map((failure) => (
          <li key={failure.id} data-testid="bulk-failure">
            {failure.title}: {failure.error}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function BulkCodeActions({ onReport }: { onReport: (report: BulkReport | null) => void }) {
  const { selectedIds, data, onSelect } = useListContext<DashboardCode>();
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const refresh = useRefresh();
  const tags = useOwnerTags();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'delete' | 'tag' | 'untag' | null>(null);
  const [tag, setTag] = useState('');

  const titleOf = (id: string) => {
    const code = data?.find((row) => row.id === id);
    return code ? codeTitle(code) : id;
  };

  const run = async (action: BulkAction, withTag?: string) => {
    setAsking(null);
    setBusy(true);
    const ids = selectedIds.map(String);
    try {
      const results: CodeResult[] = await dataProvider.bulk(ids, action, withTag);
      const failed = results.filter((result) => !result.ok);
      const done = results.length - failed.length;
      onReport({ action, done, failed: failed.map((result) => ({ id: result.id, title: titleOf(result.id), error: result.error ?? '' })) });
      // The codes that could not be changed stay selected, to try again or leave.
      onSelect(failed.map((result) => result.id));
      if (done > 0) toast({ title: `${counted('code', done)} ${DONE[action]}` });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessage(error, 'The codes could not be changed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
      setTag('');
      refresh();
      void queryClient.invalidateQueries({ queryKey: OWNER_TAGS_KEY });
      void queryClient.invalidateQueries({ queryKey: TRIAL_STATUS_KEY });
    }
  };

  const count = counted('code', selectedIds.length);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: { xs: 0, sm: 0.5 } }} data-testid="bulk-actions">
        <Button size="small" aria-label="Pause" sx={COMPACT} startIcon={<PauseIcon />} disabled={busy} onClick={() => void run('pause')}>
          <Label>Pause</Label>
        </Button>
        <Button
          size="small"
          aria-label="Resume"
          sx={COMPACT}
          startIcon={<PlayArrowIcon />}
          disabled={busy}
          onClick={() => void run('resume')}
        >
          <Label>Resume</Label>
        </Button>
        <Button size="small" aria-label="Tag" sx={COMPACT} startIcon={<LocalOfferIcon />} disabled={busy} onClick={() => setAsking('tag')}>
          <Label>Tag</Label>
        </Button>
        <Button
          size="small"
          aria-label="Untag"
          sx={COMPACT}
          startIcon={<LabelOffIcon />}
          disabled={busy}
          onClick={() => setAsking('untag')}
        >
          <Label>Untag</Label>
        </Button>
        <Button
          size="small"
          aria-label="Delete"
          sx={COMPACT}
          startIcon={<DeleteIcon />}
          disabled={busy}
          onClick={() => setAsking('delete')}
        >
          <Label>Delete</Label>
        </Button>
      </Box>
      <Dialog open={asking === 'delete'} onClose={() => setAsking(null)} maxWidth="xs" fullWidth aria-labelledby="bulk-delete-title">
        <DialogTitle id="bulk-delete-title">Delete {count}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The selected codes will be deleted. Printed dynamic codes will stop redirecting. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void run('delete')}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={asking === 'tag' || asking === 'untag'}
        onClose={() => setAsking(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="bulk-tag-title"
      >
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (tag.trim() && asking) void run(asking === 'tag' ? 'tag' : 'untag', tag.trim());
          }}
        >
          <DialogTitle id="bulk-tag-title">{asking === 'untag' ? `Remove a tag from ${count}` : `Tag ${count}`}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <TagInput value={tag} onChange={setTag} suggestions={tags.map((owned) => owned.tag)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!tag.trim()}>
              {asking === 'untag' ? 'Remove tag' : 'Add tag'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

/** react-admin's bulk toolbar over the cards: shown while cards are selected ("2 items selected", Unselect). */
export function CodeBulkToolbar({ onReport }: { onReport: (report: BulkReport | null) => void }) {
  return (
    // On a phone the count is said in a smaller type, so it and the five icons share one row.
    <Box sx={{ '& .RaBulkActionsToolbar-title .MuiTypography-root': { fontSize: { xs: '0.9rem', sm: undefined } } }}>
      <BulkActionsToolbar>
        <BulkCodeActions onReport={onReport} />
      </BulkActionsToolbar>
    </Box>
  );
}
