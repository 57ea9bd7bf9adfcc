// Frame tab: a labelled border around the code ('SCAN ME' by default). Open to everyone.
import { FormControlLabel, Stack, Switch, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { QrStyle } from '@qrsharks/qr-core/browser';
import { useState } from 'react';
import { ColorField } from './ColorPicker';

interface FrameTabProps {
  style: QrStyle;
  onStyleChange: (patch: Partial<QrStyle>) => void;
}

export function FrameTab({ style, onStyleChange }: FrameTabProps) {
  const [open, setOpen] = useState<'frame' | 'text' | null>(null);
  const toggle = (target: 'frame' | 'text') => setOpen((current) => (current === target ? null : target));

  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={style.enableFrame} onChange={(event) => onStyleChange({ enableFrame: event.target.checked })} />}
        label="Enable frame"
      />
      <TextField
        label="Frame text"
        value={style.frameText}
        disabled={!style.enableFrame}
        onChange={(event) => onStyleChange({ frameText: event.target.value })}
        slotProps={{ htmlInput: { maxLength: 30 } }}
      />
      <ColorField
        label="Frame color"
        value={style.frameColor}
        open={open === 'frame'}
        disabled={!style.enableFrame}
        onToggle={() => toggle('frame')}
        onCommit={(frameColor) => onStyleChange({ frameColor })}
      />
      <ColorField
        label="Frame text color"
        value={style.frameTextColor}
        open={open === 'text'}
        disabled={!style.enableFrame}
        onToggle={() => toggle('text')}
        onCommit={(frameTextColor) => onStyleChange({ frameTextColor })}
      />
      <Stack spacing={0.5}>
        <Typography variant="subtitle2" component="div" id="frame-style-label">
          Frame style
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={style.frameStyle}
          disabled={!style.enableFrame}
          aria-labelledby="frame-style-label"
          onChange={(_, next: QrStyle['frameStyle'] | null) => {
            if (next) onStyleChange({ frameStyle: next });
          }}
        >
          <ToggleButton value="rounded">Rounded</ToggleButton>
          <ToggleButton value="square">Square</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
