const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,-apple-system,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{color:#475569;line-height:1.5}dl{text-align:left}dt{font-weight:600;margin-top:.75rem}dd{margin:0;color:#334155;word-break:break-word}</style></head><body><main>${body}</main></body></html>`;
}

export const NOT_FOUND_PAGE = page(
  'QR code not found',
  '<h1>QR code not found</h1><p>This QR code does not exist or has been deleted.</p>',
);

export const PAUSED_PAGE = page(
  'QR code paused',
  '<h1>This QR code is paused</h1><p>Its owner has paused it for now. Please try again later.</p>',
);

export const UNAVAILABLE_PAGE = page(
  'Temporarily unavailable',
  '<h1>Temporarily unavailable</h1><p>Please scan the code again in a moment.</p>',
);
