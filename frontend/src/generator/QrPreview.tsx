// The preview: the code drawn in the browser by qr-core's renderer (the same code the server
// uses), a grey placeholder until there is data, and a readable message when the style cannot scan.
import { Alert, Box, Typography } from '@mui/material';
import {
  chooseErrorCorrection,
  LowContrastError,
  QrEncodeError,
  renderSvg,
  scanWarnings,
  type QrStyle,
  type ScanWarning,
} from '@qrsharks/qr-core/browser';
import { svgDataUri } from './download';

export const PREVIEW_SIZE = 320;

/** A drawn code carries the warnings about what could stop it scanning once printed (issue 35), shown before download. */
export type PreviewResult = { kind: 'svg'; svg: string; warnings: ScanWarning[] } | { kind: 'empty' } | { kind: 'error'; message: string };

const COLOR_NAMES: Record<string, string> = {
  fgColor: 'single color',
  gradientColor: 'second color',
  outerCornerColor: 'border color',
  innerCornerColor: 'center color',
};

/** Names the colour that fails so the visitor knows which picker to change. */
export function lowContrastMessage(field: string): string {
  const name = COLOR_NAMES[field] ?? 'foreground color';
  return `The ${name} is too close to the background color for scanners to read. Choose a darker ${name} or a lighter background.`;
}
export const TOO_BIG_MESSAGE = 'There is too much content for one QR code. Please shorten it.';

/** Renders the code, turning the renderer's refusals into messages instead of a crash. */
export function renderPreview(text: string | null, style: QrStyle, dynamic: boolean): PreviewResult {
  if (!text) return { kind: 'empty' };
  try {
    const errorCorrectionLevel = chooseErrorCorrection({ dynamic, hasLogo: style.logo !== null });
    const svg = renderSvg(text, style, { errorCorrectionLevel, size: PREVIEW_SIZE });
    return { kind: 'svg', svg, warnings: scanWarnings(text, style, { errorCorrectionLevel }) };
  } catch (error) {
    if (error instanceof LowContrastError) return { kind: 'error', message: lowContrastMessage(error.field) };
    if (error instanceof QrEncodeError) return error.code === 'empty' ? { kind: 'empty' } : { kind: 'error', message: TOO_BIG_MESSAGE };
    return { kind: 'error', message: 'The preview could not be drawn with these settings.' };
  }
}

interface QrPreviewProps {
  result: PreviewResult;
  label: string;
}

export function QrPreview({ result, label }: QrPreviewProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, width: '100%' }}>
      <Box
        data-testid="qr-preview"
        data-state={result.kind}
        sx={{
          width: { xs: 192, sm: PREVIEW_SIZE },
          maxWidth: '100%',
          aspectRatio: '1 / 1',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          borderRadius: 1,
          bgcolor: result.kind === 'svg' ? 'transparent' : 'grey.200',
        }}
      >
        {result.kind === 'svg' ? (
          <Box component="img" src={svgDataUri(result.svg)} alt={label} sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, textAlign: 'center' }}>
            Your QR code will appear here
          </Typography>
        )}
      </Box>
      {result.kind === 'error' && (
        <Alert severity="warning" role="alert" data-testid="preview-error" sx={{ width: '100%' }}>
          {result.message}
        </Alert>
      )}
    </Box>
  );
}
