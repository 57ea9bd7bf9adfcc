// The edit page's tag editor (issue 35): the code's tags as chips, saved on their own (PUT
// /api/dashboard/codes/{id}/tags with If-Match), so a tag change never waits for, or stales, the rest of the editor:
// the new version is handed back like the routing panel's.
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import { queryClient, serverMessage } from '../../api/http';
import { toast } from '../../ui/toast';
import { OWNER_TAGS_KEY, type DashboardCode, type DashboardDataProvider } from '../data-provider';
import { failureStatus } from './code-text';
import { TagsInput, useOwnerTags } from './tags';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag, i) => tag === b[i]);

export function TagsEditor({ code, onVersion }: { code: DashboardCode; onVersion: (version: number) => void }) {
  const dataProvider = useDataProvider<DashboardDataProvider>();
  const owned = useOwnerTags();
  const [saved, setSaved] = useState<string[]>(code.tags);
  const [tags, setTags] = useState<string[]>(code.tags);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await dataProvider.setTags(code, tags);
      setSaved(answer.tags);
      setTags(answer.tags);
      onVersion(answer.version);
      void queryClient.invalidateQueries({ queryKey: OWNER_TAGS_KEY });
      toast({ title: 'Tags saved' });
    } catch (failure) {
      const status = failureStatus(failure);
      setError(
        status === 412
          ? 'This code was changed since you opened it. Reload the page and try again.'
          : serverMessage(failure, 'The tags could not be saved. Please try again.'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="code-tags-title" sx={{ mt: 3 }} data-testid="tags-editor">
      <Typography id="code-tags-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Tags
      </Typography>
      <Stack spacing={1.5}>
        <TagsInput value={tags} onChange={setTags} suggestions={owned.map((tag) => tag.tag)} error={error} />
        {error && (
          <Alert severity="error" data-testid="tags-error">
            {error}
          </Alert>
        )}
        <Box>
          <Button variant="outlined" disabled={busy || same(tags, saved)} onClick={() => void save()}>
            {busy ? 'Saving...' : 'Save tags'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
