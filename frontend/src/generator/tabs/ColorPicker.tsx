// Hand-built colour picker: a saturation/brightness square and a hue bar, both draggable by mouse,
// pen or touch through pointer events, plus RGB inputs 0-255. The parent only hears about a colour
// when a drag ends (or a typed value is complete), so the preview does not re-render on every move.
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  BYTE_MAX,
  clamp,
  clampByte,
  hexToHsv,
  hexToRgb,
  hsvToHex,
  hsvToRgb,
  hueFromPercent,
  hueToPercent,
  isHexColor,
  positionPercent,
  rgbToHsv,
  squarePositionToSv,
  type Hsv,
  type Rgb,
} from '../color';

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

const KEY_STEP = 1;
const KEY_STEP_LARGE = 10;

function keyDelta(event: KeyboardEvent, axis: 'x' | 'y'): number {
  const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
  if (axis === 'x') {
    if (event.key === 'ArrowRight') return step;
    if (event.key === 'ArrowLeft') return -step;
  } else {
    if (event.key === 'ArrowDown') return step;
    if (event.key === 'ArrowUp') return -step;
  }
  return 0;
}

export function ColorPicker({ label, value, onCommit }: ColorPickerProps) {
  const [hsv, setHsv] = useState<Hsv>(() => hexToHsv(value));
  const [hexText, setHexText] = useState(value);
  const dragging = useRef(false);
  const squareRef = useRef<HTMLDivElement>(null);
  const hueRef = useRef<HTMLDivElement>(null);
  // The colour as the last render drew it, for pointer handlers that run between renders.
  const hsvRef = useRef(hsv);
  useLayoutEffect(() => {
    hsvRef.current = hsv;
  });
  const baseId = useId();

  // Follow the parent's colour when it changes from outside, but never fight an ongoing drag.
  useEffect(() => {
    if (dragging.current) return;
    if (hsvToHex(hsvRef.current).toLowerCase() !== value.toLowerCase()) setHsv(hexToHsv(value));
    setHexText(value);
  }, [value]);

  const rgb = hsvToRgb(hsv);
  const hex = hsvToHex(hsv);

  const commit = (next: Hsv) => {
    const nextHex = hsvToHex(next);
    setHexText(nextHex);
    if (nextHex.toLowerCase() !== value.toLowerCase()) onCommit(nextHex);
  };

  const squareFromPointer = (event: PointerEvent<HTMLDivElement>, current: Hsv): Hsv => {
    const rect = event.currentTarget.getBoundingClientRect();
    const sv = squarePositionToSv(
      positionPercent(event.clientX, rect.left, rect.width),
      positionPercent(event.clientY, rect.top, rect.height),
    );
    return { h: current.h, ...sv };
  };

  const hueFromPointer = (event: PointerEvent<HTMLDivElement>, current: Hsv): Hsv => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { ...current, h: hueFromPercent(positionPercent(event.clientX, rect.left, rect.width)) };
  };

  // One set of pointer handlers for both areas; data-area says which one was touched.
  const readPointer = (event: PointerEvent<HTMLDivElement>): Hsv =>
    event.currentTarget.dataset.area === 'hue' ? hueFromPointer(event, hsvRef.current) : squareFromPointer(event, hsvRef.current);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // Capture keeps the drag alive when the finger or mouse leaves the square.
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    dragging.current = true;
    setHsv(readPointer(event));
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    setHsv(readPointer(event));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    const next = readPointer(event);
    setHsv(next);
    commit(next);
  };
  const onPointerCancel = () => {
    if (!dragging.current) return;
    dragging.current = false;
    commit(hsvRef.current);
  };

  const onSquareKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const dx = keyDelta(event, 'x');
    const dy = keyDelta(event, 'y');
    if (dx === 0 && dy === 0) return;
    event.preventDefault();
    const next = { ...hsv, s: clamp(hsv.s + dx, 0, 100), v: clamp(hsv.v - dy, 0, 100) };
    setHsv(next);
    commit(next);
  };

  const onHueKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const dx = keyDelta(event, 'x');
    if (dx === 0) return;
    event.preventDefault();
    const next = { ...hsv, h: clamp(hsv.h + dx, 0, 360) };
    setHsv(next);
    commit(next);
  };

  const setChannel = (channel: keyof Rgb, raw: string) => {
    if (raw === '') return;
    const next: Rgb = { ...rgb, [channel]: clampByte(Number(raw)) };
    const nextHsv = rgbToHsv(next);
    setHsv(nextHsv);
    commit(nextHsv);
  };

  const commitHexText = () => {
    if (!isHexColor(hexText)) {
      setHexText(hex);
      return;
    }
    const normalised = hexText.startsWith('#') ? hexText : `#${hexText}`;
    const parsed = hexToRgb(normalised);
    if (!parsed) return;
    const nextHsv = rgbToHsv(parsed);
    setHsv(nextHsv);
    commit(nextHsv);
  };

  const hueColor = hsvToHex({ h: hsv.h, s: 100, v: 100 });
  const thumb = {
    position: 'absolute',
    width: 16,
    height: 16,
    borderRadius: '50%',
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0,0,0,0.6)',
    transform: 'translate(-50%, -50%)',
    pointerEvents: 'none',
  } as const;

  return (
    <Box data-testid={`color-picker-${label}`} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 320 }}>
      <Box
        ref={squareRef}
        role="slider"
        tabIndex={0}
        aria-label={`${label}: saturation and brightness`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(hsv.s)}
        aria-valuetext={`saturation ${Math.round(hsv.s)}%, brightness ${Math.round(hsv.v)}%`}
        onKeyDown={onSquareKey}
        data-area="square"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '3 / 2',
          borderRadius: 1,
          cursor: 'crosshair',
          touchAction: 'none',
          backgroundColor: hueColor,
          backgroundImage: 'linear-gradient(to top, #000, transparent), linear-gradient(to right, #fff, transparent)',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ ...thumb, left: `${hsv.s}%`, top: `${100 - hsv.v}%`, backgroundColor: hex }} />
      </Box>
      <Box
        ref={hueRef}
        role="slider"
        tabIndex={0}
        aria-label={`${label}: hue`}
        aria-valuemin={0}
        aria-valuemax={360}
        aria-valuenow={Math.round(hsv.h)}
        onKeyDown={onHueKey}
        data-area="hue"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        sx={{
          position: 'relative',
          mt: 1.5,
          height: 14,
          borderRadius: 7,
          cursor: 'pointer',
          touchAction: 'none',
          background: 'linear-gradient(to right, #f00 0%, #ff0 16.67%, #0f0 33.33%, #0ff 50%, #00f 66.67%, #f0f 83.33%, #f00 100%)',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box sx={{ ...thumb, left: `${hueToPercent(hsv.h)}%`, top: '50%', backgroundColor: hueColor }} />
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
