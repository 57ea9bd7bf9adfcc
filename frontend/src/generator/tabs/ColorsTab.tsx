// Colors tab: body colours and dot shape (Shape Style), finder-pattern colours and shapes
// (Edge and Center). Second colour is an account feature (spec section 6).
import { Alert, Box, Button, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { QrStyle } from '@qrsharks/qr-core/browser';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ColorField, useTimedNotice } from './ColorPicker';
import type { ColorMode } from './color-mode';

export { SECOND_COLOR_DEFAULT, type ColorMode } from './color-mode';

export type ColorTarget = 'single' | 'second' | 'background' | 'border' | 'center';
type Shape = QrStyle['dotShape'];

export const SECOND_COLOR_BANNER = 'Second color requires an account! Sign up for free to unlock advanced color options.';

const SHAPES: readonly { value: Shape; label: string }[] = [
  { value: 'square', label: 'Square' },
  { value: 'circle', label: 'Circle' },
  { value: 'rounded', label: 'Rounded' },
];

const TARGET_LABELS: Record<ColorTarget, string> = {
  single: 'Single color',
  second: 'Second color',
  background: 'Background color',
  border: 'Border color',
  center: 'Center color',
};

interface ShapeChoiceProps {
  label: string;
  value: Shape;
  onChange: (value: Shape) => void;
}

function ShapeChoice({ label, value, onChange }: ShapeChoiceProps) {
  const labelId = useId();
  return (
    <Box>
      <Typography variant="subtitle2" component="div" id={labelId} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value}
        aria-labelledby={labelId}
        onChange={(_, next: Shape | null) => {
          if (next) onChange(next);
        }}
      >
        {SHAPES.map((shape) => (
          <ToggleButton key={shape.value} value={shape.value} aria-label={`${label}: ${shape.label}`}>
            {shape.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

interface ColorsTabProps {
  style: QrStyle;
  onStyleChange: (patch: Partial<QrStyle>) => void;
  colorMode: ColorMode;
  secondColor: string;
  onColorMode: (mode: ColorMode) => void;
  onSecondColor: (hex: string) => void;
  signedIn: boolean;
}

export function ColorsTab({ style, onStyleChange, colorMode, secondColor, onColorMode, onSecondColor, signedIn }: ColorsTabProps) {
  const [subTab, setSubTab] = useState<'shape' | 'edge'>('shape');
  const [openTarget, setOpenTarget] = useState<ColorTarget | null>(null);
  const [notice, showNotice] = useTimedNotice();
  const [secondBlocked, setSecondBlocked] = useState(false);

  const toggle = (target: ColorTarget) => setOpenTarget((current) => (current === target ? null : target));
  const committed = (target: ColorTarget, hex: string) => showNotice(`${TARGET_LABELS[target]} set to ${hex.toUpperCase()}`);

  const field = (target: ColorTarget, value: string, apply: (hex: string) => void) => (
    <ColorField
      label={TARGET_LABELS[target]}
      value={value}
      open={openTarget === target}
      onToggle={() => toggle(target)}
      onCommit={(hex) => {
        apply(hex);
        committed(target, hex);
      }}
    />
  );

  const chooseMode = (mode: ColorMode) => {
    if (mode === 'second' && !signedIn) {
      setSecondBlocked(true);
      return;
    }
    setSecondBlocked(false);
    onColorMode(mode);
    if (mode === 'single' && openTarget === 'second') setOpenTarget(null);
  };

  return (
    <Box>
      <Tabs
        value={subTab}
        onChange={(_, next: 'shape' | 'edge') => setSubTab(next)}
        aria-label="Color options"
        variant="fullWidth"
        sx={{ mb: 2 }}
      >
        <Tab value="shape" label="Shape Style" id="colors-tab-shape" aria-controls="colors-panel-shape" />
        <Tab value="edge" label="Edge and Center" id="colors-tab-edge" aria-controls="colors-panel-edge" />
      </Tabs>

      {subTab === 'shape' && (
        <Stack spacing={2} role="tabpanel" id="colors-panel-shape" aria-labelledby="colors-tab-shape">
          <ToggleButtonGroup
            exclusive
            size="small"
            value={colorMode}
            aria-label="Color mode"
            onChange={(_, next: ColorMode | null) => {
              if (next) chooseMode(next);
            }}
          >
            <ToggleButton value="single">Single Color</ToggleButton>
            <ToggleButton value="second">Second Color</ToggleButton>
          </ToggleButtonGroup>
          {secondBlocked && !signedIn && (
            <Alert
              severity="info"
              action={
                <Button component={RouterLink} to="/auth" color="inherit" size="small">
                  Sign In
                </Button>
              }
            >
              {SECOND_COLOR_BANNER}
            </Alert>
          )}
          {field('single', style.fgColor, (hex) => onStyleChange({ fgColor: hex }))}
          {colorMode === 'second' && signedIn && field('second', secondColor, onSecondColor)}
          {field('background', style.bgColor, (hex) => onStyleChange({ bgColor: hex }))}
          <ShapeChoice label="Dot shape" value={style.dotShape} onChange={(dotShape) => onStyleChange({ dotShape })} />
        </Stack>
      )}

      {subTab === 'edge' && (
        <Stack spacing={2} role="tabpanel" id="colors-panel-edge" aria-labelledby="colors-tab-edge">
          {/* Until chosen, the border follows the main colour (spec section 3). */}
          {field('border', style.outerCornerColor ?? style.fgColor, (hex) => onStyleChange({ outerCornerColor: hex }))}
          {field('center', style.innerCornerColor ?? style.fgColor, (hex) => onStyleChange({ innerCornerColor: hex }))}
          <ShapeChoice label="Corner shape" value={style.cornerShape as Shape} onChange={(cornerShape) => onStyleChange({ cornerShape })} />
          <ShapeChoice
            label="Inner corner shape"
            value={style.innerCornerShape as Shape}
            onChange={(innerCornerShape) => onStyleChange({ innerCornerShape })}
          />
        </Stack>
      )}

      <Box aria-live="polite" sx={{ minHeight: 24, mt: 1 }}>
        {notice && (
          <Typography variant="body2" color="text.secondary" data-testid="picker-notice">
            {notice}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
