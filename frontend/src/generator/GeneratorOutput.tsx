// The card's right-hand column: the preview, the Static/Dynamic toggle (signed-in users), scan tracking,
// generate and the downloads. Every text is from core-product.md sections 2 and 4.
import {
  Alert,
  AlertTitle,
  Button,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { QR_TYPE_LABELS, type QrType } from '@qrsharks/qr-core/browser';
import { Link as RouterLink } from 'react-router-dom';
import type { QrMode } from './generate-request';
import { QrPreview, type PreviewResult } from './QrPreview';

export interface GeneratorOutputProps {
  qrType: QrType;
  rendered: PreviewResult;
  /** The code on show is a created dynamic one. */
  showsDynamic: boolean;
  signedIn: boolean;
  mode: QrMode;
  dynamicAllowed: boolean;
  onMode: (mode: QrMode) => void;
  trackingOn: boolean;
  onTrackingClick: () => void;
  busy: boolean;
  /** Downloads wait while nothing is drawn, a generation runs or the frame's font is still loading. */
  canDownload: boolean;
  onDownloadPng: () => void;
  onDownloadSvg: () => void;
}

export function GeneratorOutput(props: GeneratorOutputProps) {
  const { qrType, rendered, signedIn, mode, dynamicAllowed, trackingOn, busy } = props;
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', minWidth: 0 }}>
      <QrPreview result={rendered} label={`QR code preview: ${QR_TYPE_LABELS[qrType]}`} />
      {mode === 'dynamic' && !props.showsDynamic && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          A dynamic code is drawn once it is created, because it points to its own short link.
        </Typography>
      )}

      {signedIn && (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={mode}
          aria-label="QR code mode"
          onChange={(_, next: QrMode | null) => {
            if (next) props.onMode(next);
          }}
        >
          <ToggleButton value="static">Static</ToggleButton>
          <ToggleButton value="dynamic" disabled={!dynamicAllowed}>
            Dynamic
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {signedIn && !dynamicAllowed && (
        <Typography variant="caption" color="text.secondary">
          Dynamic codes redirect to a web address, so {QR_TYPE_LABELS[qrType]} codes are static.
        </Typography>
      )}

      <FormControlLabel
        control={
          <Switch
            checked={trackingOn}
            onChange={props.onTrackingClick}
            slotProps={{ input: { 'aria-describedby': 'scan-tracking-state' } }}
          />
        }
        label={
          <span>
            Scan tracking{' '}
            <Typography component="span" id="scan-tracking-state" sx={{ fontWeight: 600 }} data-testid="scan-tracking-state">
              {trackingOn ? 'ON' : 'OFF'}
            </Typography>
          </span>
        }
      />

      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ flex: 1, minWidth: 160 }}>
          {busy ? 'Generating...' : 'Generate QR Code'}
        </Button>
        {!signedIn && (
          <Link component={RouterLink} to="/auth" variant="body2" data-testid="generator-sign-in">
            Sign in to save
          </Link>
        )}
      </Stack>

      {rendered.kind === 'svg' && rendered.warnings.length > 0 && (
        <Alert severity="warning" data-testid="scan-warnings">
          <AlertTitle>Check before you print</AlertTitle>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {rendered.warnings.map((warning) => (
              <li key={`${warning.code}-${warning.field ?? ''}`}>{warning.message}</li>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={!props.canDownload} onClick={props.onDownloadPng} sx={{ flex: 1 }}>
          Download PNG
        </Button>
        <Button variant="outlined" disabled={!props.canDownload} onClick={props.onDownloadSvg} sx={{ flex: 1 }}>
          Download SVG
        </Button>
      </Stack>
      {!signedIn && rendered.kind === 'svg' && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/auth">
            Sign in to save it
          </Link>
        </Typography>
      )}
    </Stack>
  );
}
