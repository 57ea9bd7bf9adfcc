// The nine preset logos, drawn here as simple original icons (no third-party logo files), each a
// 64x64 SVG built from plain shapes so it renders the same in the browser and on the server.

export type LogoPresetId = 'instagram' | 'facebook' | 'youtube' | 'tiktok' | 'email' | 'linkedin' | 'pinterest' | 'x' | 'appstore';

export interface LogoPreset {
  id: LogoPresetId;
  label: string;
  svg: string;
}

const wrap = (body: string): string => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${body}</svg>`;

const stroke = (d: string, width = 6, color = '#fff'): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

export const LOGO_PRESETS: readonly LogoPreset[] = [
  {
    id: 'instagram',
    label: 'Instagram',
    svg: wrap(
      '<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#f9a825"/><stop offset="0.5" ' +
        'stop-color="#e91e63"/><stop offset="1" stop-color="#7b1fa2"/></linearGradient></defs>' +
        '<rect x="2" y="2" width="60" height="60" rx="16" fill="url(#g)"/>' +
        '<rect x="14" y="14" width="36" height="36" rx="11" fill="none" stroke="#fff" stroke-width="5"/>' +
        '<circle cx="32" cy="32" r="8.5" fill="none" stroke="#fff" stroke-width="5"/><circle cx="43.5" cy="20.5" r="3" fill="#fff"/>',
    ),
  },
  {
    id: 'facebook',
    label: 'Facebook',
    svg: wrap('<circle cx="32" cy="32" r="30" fill="#1877f2"/>' + stroke('M36 56V28c0-5 2.5-8 8-8h4') + stroke('M26 36h18')),
  },
  {
    id: 'youtube',
    label: 'YouTube',
    svg: wrap('<rect x="2" y="12" width="60" height="40" rx="12" fill="#e53935"/><path d="M26 22l18 10-18 10z" fill="#fff"/>'),
  },
  {
    id: 'tiktok',
    label: 'TikTok',
    svg: wrap(
      '<rect x="2" y="2" width="60" height="60" rx="14" fill="#111"/>' +
        stroke('M34 14v26', 6, '#25f4ee') +
        '<circle cx="26" cy="42" r="8" fill="none" stroke="#fe2c55" stroke-width="6"/>' +
        stroke('M34 14c2 6 6 9 12 9', 6, '#fff'),
    ),
  },
  {
    id: 'email',
    label: 'Email',
    svg: wrap(
      '<rect x="2" y="2" width="60" height="60" rx="14" fill="#546e7a"/>' +
        '<rect x="12" y="18" width="40" height="28" rx="3" fill="#fff"/>' +
        stroke('M13 20l19 14 19-14', 4, '#546e7a'),
    ),
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    svg: wrap(
      '<rect x="2" y="2" width="60" height="60" rx="10" fill="#0a66c2"/><circle cx="20" cy="18" r="4.5" fill="#fff"/>' +
        stroke('M20 29v20') +
        stroke('M32 49V29M32 38c0-6 4-9 8-9s7 3 7 9v11'),
    ),
  },
  {
    id: 'pinterest',
    label: 'Pinterest',
    svg: wrap('<circle cx="32" cy="32" r="30" fill="#e60023"/>' + stroke('M27 54l5-32M32 22c8 0 12 4 12 10s-5 10-11 10c-3 0-5-1-6-3')),
  },
  {
    id: 'x',
    label: 'X',
    svg: wrap('<rect x="2" y="2" width="60" height="60" rx="14" fill="#000"/>' + stroke('M18 16l28 32M46 16L18 48', 5)),
  },
  {
    id: 'appstore',
    label: 'App Store',
    svg: wrap(
      '<defs><linearGradient id="a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#29b6f6"/><stop offset="1" ' +
        'stop-color="#1565c0"/></linearGradient></defs>' +
        '<rect x="2" y="2" width="60" height="60" rx="14" fill="url(#a)"/>' +
        stroke('M32 14L18 46M32 14l14 32M22 36h20', 5),
    ),
  },
];

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/** A preset as the File the save call uploads (the spec turns a preset into a file). */
export function presetFile(preset: LogoPreset): File {
  return new File([preset.svg], `${preset.id}.svg`, { type: 'image/svg+xml' });
}
