// The colour picker: react-colorful's saturation/brightness square and hue bar (mouse, touch, and arrow keys on
// each, as ARIA sliders), plus RGB inputs 0-255 and a hex field. The parent only hears about a colour when a drag
// ends (or a key is released, or a typed value is complete), so the preview does not re-render on every move.
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { HexColorPicker } from 'react-colorful';
import { BYTE_MAX, clampByte, hexToRgb, isHexColor, rgbToHex, type Rgb } from '../color';

/** Spec: the picker notice clears itself after 5 seconds. */
export const PICKER_NOTICE_MS = 5000;

/** A message that disappears on its own after PICKER_NOTICE_MS; a newer one restarts the clock. */
export function useTimedNotice(timeoutMs: number = PICKER_NOTICE_MS): [string | null, (message: string) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), timeoutMs);
    return () => clearTimeout(timer);
  }, [notice, timeoutMs]);
  return [notice, setNotice];
}

interface ColorPickerProps {
  label: string;
  value: string;
  onCommit: (hex: string) => void;
}

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

export function ColorPicker({ label, value, onCommit }: ColorPickerProps) {
  const [hex, setHex] = useState(value);
  const [hexText, setHexText] = useState(value);
  const dragging = useRef(false);
  // The colour as the picker last reported it, for the release handlers that run between renders.
  const hexRef = useRef(hex);
  const commitRef = useRef<(next: string) => void>(() => undefined);
  const baseId = useId();

  // Follow the parent's colour when it changes from outside, but never fight an ongoing drag.
  useEffect(() => {
    if (dragging.current) return;
    hexRef.current = value;
    setHex(value);
    setHexText(value);
  }, [value]);

  const commit = (next: string) => {
    hexRef.current = next;
    setHex(next);
    setHexText(next);
    if (next.toLowerCase() !== value.toLowerCase()) onCommit(next);
  };
  useLayoutEffect(() => {
    commitRef.current = commit;
  });

  // A drag ends wherever the pointer is released, inside the picker or not.
  useEffect(() => {
    const end = () => {
      if (!dragging.current) return;
      dragging.current = false;
      commitRef.current(hexRef.current);
    };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);

  const onMove = (next: string) => {
    hexRef.current = next;
    setHex(next);
    setHexText(next);
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (SLIDER_KEYS.has(event.key)) commit(hexRef.current);
  };

  const rgb: Rgb = hexToRgb(hex) ?? { r: 0, g: 0, b: 0 };
  const setChannel = (channel: keyof Rgb, raw: string) => {
    if (raw === '') return;
    commit(rgbToHex({ ...rgb, [channel]: clampByte(Number(raw)) }));
  };

  const commitHexText = () => {
    const normalised = hexText.startsWith('#') ? hexText : `#${hexText}`;
    const parsed = isHexColor(hexText) ? hexToRgb(normalised) : null;
    if (!parsed) {
      setHexText(hex);
      return;
    }
    commit(rgbToHex(parsed));
  };

  return (
    <Box data-testid={`color-picker-${label}`} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 320 }}>
      <Box
        role="group"
        aria-label={`${label}: saturation, brightness and hue`}
        onPointerDown={() => (dragging.current = true)}
        onKeyUp={onKeyUp}
        sx={{
          '& .react-colorful': { width: '100%', height: 200 },
          '& .react-colorful__interactive:focus-visible .react-colorful__pointer': { transform: 'translate(-50%, -50%) scale(1.3)' },
        }}
      >
        <HexColorPicker color={hex} onChange={onMove} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        {(['r', 'g', 'b'] as const).map((channel) => (
          <TextField
            key={channel}
            id={`${baseId}-${channel}`}
            label={channel.toUpperCase()}
            type="number"
            size="small"
            value={rgb[channel]}
            onChange={(event) => setChannel(channel, event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: BYTE_MAX, step: 1, 'aria-label': `${label} ${channel.toUpperCase()}` } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
        ))}
        <TextField
          id={`${baseId}-hex`}
          label="Hex"
          size="small"
          value={hexText}
          onChange={(event) => setHexText(event.target.value)}
          onBlur={commitHexText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commitHexText();
          }}
          slotProps={{ htmlInput: { 'aria-label': `${label} hex`, maxLength: 7 } }}
          sx={{ flex: 1.6, minWidth: 0 }}
        />
      </Stack>
    </Box>
  );
}
interface ColorFieldProps {
  label: string;
  value: string;
  open: boolean;
  onToggle: () => void;
  onCommit: (hex: string) => void;
  disabled?: boolean;
}

/** A swatch button that opens its own picker below it; clicking it again closes the picker. */
export function ColorField({ label, value, open, onToggle, onCommit, disabled }: ColorFieldProps) {
  return (
    <Box>
      <Button
        variant="outlined"
        color="inherit"
        onClick={onToggle}
        disabled={disabled}
        aria-expanded={open}
        aria-label={`${label}: ${value}`}
        sx={{ justifyContent: 'flex-start', textTransform: 'none', gap: 1, width: '100%', maxWidth: 320 }}
      >
        <Box
          component="span"
          sx={{ width: 22, height: 22, borderRadius: 0.5, border: 1, borderColor: 'divider', backgroundColor: value, flexShrink: 0 }}
        />
        <Typography component="span" variant="body2" sx={{ flex: 1, textAlign: 'left' }}>
          {label}
        </Typography>
        <Typography component="span" variant="caption" sx={{ fontFamily: 'monospace' }}>
          {value.toUpperCase()}
        </Typography>
      </Button>
      {open && !disabled && (
        <Box sx={{ mt: 1 }}>
          <ColorPicker label={label} value={value} onCommit={onCommit} />
        </Box>
      )}
    </Box>
  );
}
