// Issue 33, "Where did it point on …" in a dynamic code's History: a date and time (the browser's own) asked of
// GET /api/dynamic-qrcodes/{id}/destination-at, which folds the code's events up to that moment. The answer is the
// destination, the routing and the version live then; before the code existed the server's 400 is said.
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { apiJson, serverMessage } from '../../api/http';
import type { ApiAnswer } from '../../api/types';
import { dateTime } from '../../ui/words';
import { fromLocalInput, toLocalInput } from '../codes/routing-form';

export type DestinationAt = ApiAnswer<'/api/dynamic-qrcodes/{id}/destination-at'>;

interface Rule {
  when?: Record<string, unknown>;
  destination: string;
}
interface Arm {
  destination: string;
  weight: number;
}
interface Limits {
  maxScans?: number;
  validFrom?: string;
  validUntil?: string;
  afterLimit?: string;
}

const CONDITION_WORDS: Record<string, string> = {
  country: 'country',
  device: 'device',
  os: 'OS',
  language: 'language',
  weekdays: 'weekdays',
};

/** One rule's conditions in words ('device mobile; country DE or AT'), 'every scan' without any. */
export function describeWhen(when: Record<string, unknown> = {}): string {
  const parts: string[] = [];
  for (const [field, label] of Object.entries(CONDITION_WORDS)) {
    const values = when[field];
    if (Array.isArray(values) && values.length) parts.push(`${label} ${values.join(' or ')}`);
  }
  if (typeof when.from === 'string') parts.push(`from ${dateTime(when.from)}`);
  if (typeof when.until === 'string') parts.push(`until ${dateTime(when.until)}`);
  const hours = when.hours as { from?: string; to?: string } | undefined;
  if (hours?.from && hours.to) parts.push(`${hours.from} to ${hours.to}`);
  if (typeof when.timeZone === 'string' && (hours || Array.isArray(when.weekdays))) parts.push(`in ${when.timeZone}`);
  return parts.length ? parts.join('; ') : 'every scan';
}

/** The routing live at that moment as lines of text, none when the code had no routing. */
export function describeRouting(routing: DestinationAt['routing']): string[] {
  if (!routing) return [];
  const lines: string[] = [];
  const rules = (routing.rules ?? []) as Rule[];
  rules.forEach((rule, index) => lines.push(`Rule ${index + 1} (${describeWhen(rule.when)}): ${rule.destination}`));
  const split = (routing.split ?? []) as Arm[];
  split.forEach((arm, index) => lines.push(`Split ${String.fromCharCode(65 + index)} (${arm.weight}%): ${arm.destination}`));
  const limits = (routing.limits ?? {}) as Limits;
  if (limits.maxScans !== undefined) lines.push(`At most ${limits.maxScans} scans`);
  if (limits.validFrom) lines.push(`Valid from ${dateTime(limits.validFrom)}`);
  if (limits.validUntil) lines.push(`Valid until ${dateTime(limits.validUntil)}`);
  if (limits.afterLimit) lines.push(`After the limit: ${limits.afterLimit}`);
  return lines;
}

/** The moment asked, to the second as it was picked, in the viewer's locale and time zone. */
const toSecond = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function PointedAt({ qrId }: { qrId: string }) {
  const [at, setAt] = useState(() => toLocalInput(new Date().toISOString()));
  const [answer, setAnswer] = useState<{ at: string; found: DestinationAt } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    if (busy) return;
    const moment = fromLocalInput(at);
    if (!moment) {
      setAnswer(null);
      setFailure('Choose a date and time');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const path = `/api/dynamic-qrcodes/${encodeURIComponent(qrId)}/destination-at?at=${encodeURIComponent(moment)}`;
      setAnswer({ at: moment, found: await apiJson<DestinationAt>('GET', path) });
    } catch (error) {
      setAnswer(null);
      setFailure(serverMessage(error, 'Where the code pointed could not be looked up.'));
    } finally {
      setBusy(false);
    }
  };

  const routing = answer ? describeRouting(answer.found.routing) : [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="pointed-at-title" sx={{ p: 2, mb: 2 }}>
      <Typography id="pointed-at-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Where did it point on …
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Choose a moment: the destination and routing that scans met then, from the code&apos;s history.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label="Date and time"
          type="datetime-local"
          value={at}
          onChange={(event) => setAt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void ask();
          }}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          sx={{ width: { sm: 300 } }}
        />
        <Box>
          <Button variant="outlined" onClick={() => void ask()} disabled={busy} sx={{ whiteSpace: 'nowrap' }}>
            {busy ? 'Looking up...' : 'Look up'}
          </Button>
        </Box>
      </Stack>
      {failure && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="pointed-at-failure">
          {failure}
        </Alert>
      )}
      {answer && (
        <Alert severity="info" role="status" data-testid="pointed-at-answer" sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0 } }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            On {toSecond(answer.at)} it pointed to <strong>{answer.found.destination ?? '(no destination)'}</strong> (version{' '}
            {answer.found.version}).
          </Typography>
          {routing.length ? (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }} aria-label="Routing then">
              {routing.map((line) => (
                <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Typography>
              ))}
            </Box>
          ) : (
            <Typography variant="body2">No routing: every scan went to that destination.</Typography>
          )}
        </Alert>
      )}
    </Paper>
  );
}
