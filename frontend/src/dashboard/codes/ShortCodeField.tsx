// Issue 33, a custom back-half at creation (dynamic codes, signed in): the short link's last part, chosen once and
// printed. The dashboard's Create QR Code gives it to the generator card, which shows it on the Purpose tab while a
// dynamic code is being made (it lives here, not in generator/: the landing page's first load does not carry it). As
// the person types, GET /api/dynamic-qrcodes/short-code-availability says whether it is free (asked a moment after the
// last key; an answer for an older value is never shown); the server's messages are shown as they are (reserved, taken).
import { TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiJson, serverMessage } from '../../api/http';
import type { BackHalfFieldProps } from '../../generator/GeneratorCard';

/** The back-halves the server accepts (backend codes/model/short-code.ts), and its messages. */
const CUSTOM_SHORT_CODE = /^[A-Za-z0-9_-]{4,64}$/;
const CUSTOM_SHORT_CODE_INVALID = 'The custom back-half must be 4 to 64 letters, digits, - or _';
const CUSTOM_SHORT_CODE_TAKEN = 'This back-half is already taken. Please choose another one.';

type Availability =
  { state: 'empty' | 'checking' | 'available' } | { state: 'refused'; message: string } | { state: 'unknown'; message: string };

const ASK_AFTER_MS = 300;

export function ShortCodeField({ value, onChange, taken }: BackHalfFieldProps) {
  const chosen = value.trim();
  const [answer, setAnswer] = useState<{ code: string; availability: Availability } | null>(null);

  useEffect(() => {
    if (!chosen || !CUSTOM_SHORT_CODE.test(chosen)) return;
    let current = true;
    const timer = setTimeout(() => {
      const path = `/api/dynamic-qrcodes/short-code-availability?code=${encodeURIComponent(chosen)}`;
      apiJson<{ code: string; available: boolean }>('GET', path).then(
        (found) => {
          if (!current) return;
          const availability: Availability = found.available
            ? { state: 'available' }
            : { state: 'refused', message: CUSTOM_SHORT_CODE_TAKEN };
          setAnswer({ code: chosen, availability });
        },
        (error: unknown) => {
          if (!current) return;
          const status = error instanceof Error ? /^(\d{3}):/.exec(error.message)?.[1] : undefined;
          const availability: Availability =
            status === '400'
              ? { state: 'refused', message: serverMessage(error, CUSTOM_SHORT_CODE_INVALID) }
              : { state: 'unknown', message: 'Could not check this back-half now; it is checked again when you save.' };
          setAnswer({ code: chosen, availability });
        },
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [chosen]);

  let availability: Availability;
  if (!chosen) availability = { state: 'empty' };
  else if (!CUSTOM_SHORT_CODE.test(chosen)) availability = { state: 'refused', message: CUSTOM_SHORT_CODE_INVALID };
  else if (taken === chosen) availability = { state: 'refused', message: CUSTOM_SHORT_CODE_TAKEN };
  else if (answer?.code === chosen) availability = answer.availability;
  else availability = { state: 'checking' };

  const helper: Record<Availability['state'], string> = {
    empty: 'Left blank, a short random one is chosen. It cannot be changed later: it is printed.',
    checking: 'Checking…',
    available: `${window.location.host}/d/${chosen} is available`,
    refused: 'message' in availability ? availability.message : '',
    unknown: 'message' in availability ? availability.message : '',
  };
  return (
    <TextField
      label="Custom back-half (optional)"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={availability.state === 'refused'}
      helperText={helper[availability.state]}
      fullWidth
      size="small"
      sx={{ mb: 2 }}
      slotProps={{
        htmlInput: { maxLength: 64, autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false },
        formHelperText: {
          role: 'status',
          'aria-live': 'polite',
          ...({ 'data-testid': 'short-code-availability', 'data-state': availability.state } as object),
        },
      }}
    />
  );
}
