// Logo tab: upload an image or pick one of the nine presets. An account feature (spec section 6),
// so signed-out visitors see the banner and disabled controls.
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { LogoChoice } from '../generate-request';
import { LOGO_PRESETS, presetFile, svgDataUrl, type LogoPreset } from './logo-presets';

export const LOGO_BANNER = 'Logo features require an account! Sign up for free to add custom branding.';
export const LOGO_NOT_IMAGE = 'Please choose an image file (PNG, JPEG, SVG, GIF or WebP).';

/** The spec's only rule for logo files: the type must start with image/. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

interface LogoTabProps {
  logo: LogoChoice | null;
  onLogo: (logo: LogoChoice | null) => void;
  signedIn: boolean;
}

export function LogoTab({ logo, onLogo, signedIn }: LogoTabProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) {
      setError(LOGO_NOT_IMAGE);
      return;
    }
    try {
      const href = await readAsDataUrl(file);
      setError(null);
      onLogo({ source: 'upload', name: file.name, href, file });
    } catch {
      setError('The file could not be read. Please try another image.');
    }
  };

  const choosePreset = (preset: LogoPreset) => {
    setError(null);
    onLogo({ source: 'preset', name: `${preset.id}.svg`, href: svgDataUrl(preset.svg), file: presetFile(preset) });
  };

  return (
    <Stack spacing={2}>
      {!signedIn && (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/auth" color="inherit" size="small">
              Sign In
            </Button>
          }
        >
          {LOGO_BANNER}
        </Alert>
      )}
      <Box>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          hidden
          aria-label="Upload logo image"
          data-testid="logo-upload-input"
          onChange={(event) => void onFile(event)}
        />
        <Button variant="outlined" disabled={!signedIn} onClick={() => inputRef.current?.click()}>
          Upload Logo
        </Button>
        {error && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {error}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Or choose a preset
        </Typography>
        <Box
          role="group"
          aria-label="Preset logos"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}
        >
          {LOGO_PRESETS.map((preset) => {
            const selected = logo?.source === 'preset' && logo.name === `${preset.id}.svg`;
            return (
              <Button
                key={preset.id}
                variant={selected ? 'contained' : 'outlined'}
                color={selected ? 'primary' : 'inherit'}
                disabled={!signedIn}
                aria-pressed={selected}
                onClick={() => choosePreset(preset)}
                sx={{ flexDirection: 'column', gap: 0.5, textTransform: 'none', py: 1 }}
              >
                <Box component="img" src={svgDataUrl(preset.svg)} alt="" sx={{ width: 32, height: 32, opacity: signedIn ? 1 : 0.5 }} />
                <Typography component="span" variant="caption">
                  {preset.label}
                </Typography>
              </Button>
            );
          })}
        </Box>
      </Box>
      {logo && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box component="img" src={logo.href} alt="Selected logo" sx={{ width: 48, height: 48, objectFit: 'contain' }} />
          <Typography variant="body2" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {logo.name}
          </Typography>
          <Button color="error" onClick={() => onLogo(null)}>
            Remove Logo
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
