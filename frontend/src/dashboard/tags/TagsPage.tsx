// Tags in the dashboard (issue 35): the owner's tags with how many codes carry each (GET /api/dashboard/tags); a tag is
// renamed (or merged into another) or removed on every code of theirs that carries it (POST /api/dashboard/tags/rename
// and /remove: each code changes on its own, with its History entry and audit row). A count opens the code list
// filtered by that tag. The rules (1 to 50 characters, upper and lower case alike) are the server's.
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiJson, queryClient, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { counted } from '../../ui/words';
import { TAG_MAX_LENGTH } from '../codes/tags';
import { OWNER_TAGS_KEY, type CodeResult, type OwnerTag } from '../data-provider';

type Change = { kind: 'rename'; tag: string } | { kind: 'remove'; tag: string };

const codesTagged = (tag: string) => `/dashboard/codes?filter=${encodeURIComponent(JSON.stringify({ tag }))}`;

async function changeTag(change: Change, to: string): Promise<CodeResult[]> {
  const answer =
    change.kind === 'rename'
      ? await apiJson<{ results: CodeResult[] }>('POST', '/api/dashboard/tags/rename', { from: change.tag, to })
      : await apiJson<{ results: CodeResult[] }>('POST', '/api/dashboard/tags/remove', { tag: change.tag });
  return answer.results;
}

function TagRow({ tag, onChange }: { tag: OwnerTag; onChange: (change: Change) => void }) {
  return (
    <Card variant="outlined" component="li" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Chip icon={<LocalOfferIcon />} label={tag.tag} color="primary" variant="outlined" sx={{ maxWidth: '100%' }} />
        <Link component={RouterLink} to={codesTagged(tag.tag)} sx={{ flexGrow: 1 }}>
          {counted('code', tag.count)}
        </Link>
        <Button
          size="small"
          startIcon={<EditIcon />}
          aria-label={`Rename ${tag.tag}`}
          onClick={() => onChange({ kind: 'rename', tag: tag.tag })}
        >
          Rename
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          aria-label={`Remove ${tag.tag}`}
          onClick={() => onChange({ kind: 'remove', tag: tag.tag })}
        >
          Remove
        </Button>
      </Stack>
    </Card>
  );
}

function ChangeDialog({ change, count, onClose }: { change: Change | null; count: number; onClose: (failed?: string[]) => void }) {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const renaming = change?.kind === 'rename';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    if (renaming && !to.trim()) return setError('Please enter the new name');
    setBusy(true);
    try {
      const results = await changeTag(change, to.trim());
      const failed = results.filter((result) => !result.ok);
      const done = results.length - failed.length;
      toast({ title: renaming ? `Renamed on ${counted('code', done)}` : `Removed from ${counted('code', done)}` });
      setTo('');
      setError(null);
      onClose(failed.map((result) => result.error ?? 'Not changed'));
    } catch (failure) {
      setError(serverMessage(failure, 'The tag could not be changed. Please try again.'));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: OWNER_TAGS_KEY });
    }
  };

  const close = () => {
    setTo('');
    setError(null);
    onClose();
  };

  return (
    <Dialog open={change !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="tag-change-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="tag-change-title">{renaming ? `Rename “${change?.tag}”` : `Remove “${change?.tag}”?`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: renaming ? 2 : 0 }}>
            {renaming
              ? `The new name goes on ${counted('code', count)}. A name you already use merges the two tags.`
              : `The tag is taken off ${counted('code', count)}. The codes themselves stay.`}
          </DialogContentText>
          {renaming && (
            <TextField
              autoFocus
              fullWidth
              label="New name"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={Boolean(error)}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: TAG_MAX_LENGTH } }}
            />
          )}
          {!renaming && error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color={renaming ? 'primary' : 'error'} disabled={busy}>
            {renaming ? 'Rename' : 'Remove'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function TagsPage() {
  usePageTitle('Tags - QR Code Sharks');
  const tags = useQuery({
    queryKey: OWNER_TAGS_KEY,
    queryFn: () => apiJson<OwnerTag[]>('GET', '/api/dashboard/tags'),
    staleTime: 0,
  });
  const [change, setChange] = useState<Change | null>(null);
  const [failed, setFailed] = useState<string[]>([]);
  const count = tags.data?.find((tag) => tag.tag === change?.tag)?.count ?? 0;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title="Tags" />
      <Box>
        <Typography variant="h5" component="h1">
          Tags
        </Typography>
        <Typography color="text.secondary">
          Your own words for groups of codes. Rename or remove a tag here and every code that carries it changes.
        </Typography>
      </Box>
      {failed.length > 0 && (
        <Alert severity="warning" onClose={() => setFailed([])}>
          <AlertTitle>{counted('code', failed.length)} not changed</AlertTitle>
          {failed.join(' · ')}
        </Alert>
      )}
      {tags.isError && <Alert severity="error">Your tags could not be loaded. Please try again.</Alert>}
      {tags.data?.length === 0 && (
        <Typography color="text.secondary">No tags yet. Tag codes on the code list or when you edit one.</Typography>
      )}
      {tags.data && tags.data.length > 0 && (
        <Stack component="ul" spacing={1} aria-label="Your tags" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {tags.data.map((tag) => (
            <TagRow key={tag.tag} tag={tag} onChange={setChange} />
          ))}
        </Stack>
      )}
      <ChangeDialog
        change={change}
        count={count}
        onClose={(notChanged) => {
          setChange(null);
          if (notChanged) setFailed(notChanged);
        }}
      />
    </Box>
  );
}
