import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { FormDataConsumer } from 'react-admin';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './client';

const HEX = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Only what the server accepts as an asset: http(s) URLs and same-origin paths. */
const safeUrl = (value: unknown) =>
  typeof value === 'string' && (/^https?:\/\/[^\s"'<>]+$/i.test(value.trim()) || /^\/(?!\/)[^\s"'<>]*$/.test(value.trim()))
    ? value.trim()
    : null;

export interface ThemeValues {
  name?: string | null;
  primaryColor?: string | null;
  secondaryColor?: string | null;
  logoUrl?: string | null;
  customFavicon?: string | null;
  customCSS?: string | null;
  removeQRCodeSharksBranding?: boolean | null;
}

/**
 * A sample page in the tenant's theme, as its site would apply it (ui/white-label.ts: the colours as --primary-color and
 * --secondary-color, the favicon, the custom CSS, the branded title). Drawn in a sandboxed frame without scripts, so the
 * custom CSS styles the sample and nothing of the staff console.
 */
export function samplePage(values: ThemeValues): string {
  const primary = values.primaryColor && HEX.test(values.primaryColor) ? values.primaryColor : DEFAULT_PRIMARY;
  const secondary = values.secondaryColor && HEX.test(values.secondaryColor) ? values.secondaryColor : DEFAULT_SECONDARY;
  const name = escapeHtml(values.name?.trim() || 'Your brand');
  const logo = safeUrl(values.logoUrl);
  const favicon = safeUrl(values.customFavicon);
  const css = (values.customCSS ?? '').replace(/<\/style/gi, '');
  const brandLine = values.removeQRCodeSharksBranding ? '' : '<p class="powered">Powered by QR Code Sharks</p>';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title>
<style>
:root{--primary-color:${primary};--secondary-color:${secondary}}
body{margin:0;font-family:system-ui,-apple-system,sans-serif;color:#0f172a;background:#fff}
header{display:flex;align-items:center;gap:8px;padding:10px 14px;background:var(--primary-color);color:#fff}
header img.logo{height:24px;max-width:96px;object-fit:contain;background:#fff;border-radius:4px}
header strong{font-size:15px}
.tab{display:flex;align-items:center;gap:6px;padding:6px 10px;font-size:12px;background:#e2e8f0;color:#334155}
.tab img{width:14px;height:14px}
main{padding:14px}
h1{font-size:18px;margin:0 0 6px;color:var(--secondary-color)}
p{margin:0 0 10px;font-size:13px;color:#475569}
.cta{display:inline-block;padding:8px 14px;border-radius:6px;background:var(--primary-color);color:#fff;font-weight:600;font-size:13px}
.link{color:var(--secondary-color);font-size:13px;margin-left:10px}
.powered{margin-top:14px;font-size:11px;color:#64748b}
</style><style>${css}</style></head><body>
<div class="tab">${favicon ? `<img alt="" src="${escapeHtml(favicon)}">` : ''}<span>${name}</span></div>
<header>${logo ? `<img class="logo" alt="" src="${escapeHtml(logo)}">` : ''}<strong>${name}</strong></header>
<main><h1>Create your QR code</h1><p>A sample of your pages in this theme.</p>
<span class="cta">Generate QR Code</span><span class="link">Learn more</span>${brandLine}</main></body></html>`;
}

export function ThemePreviewFrame({ values }: { values: ThemeValues }) {
  const html = useMemo(() => samplePage(values), [values]);
  return (
    <Box sx={{ width: '100%', maxWidth: 420 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Theme preview
      </Typography>
      <Box
        component="iframe"
        title="Theme preview"
        sandbox=""
        srcDoc={html}
        sx={{ width: '100%', height: 240, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
    </Box>
  );
}

/** The preview inside a create or edit form: follows the fields as they are typed, before anything is saved. */
export function ThemePreview() {
  return <FormDataConsumer<ThemeValues>>{({ formData }) => <ThemePreviewFrame values={formData} />}</FormDataConsumer>;
}
