import { createHash } from 'node:crypto';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>` +
    `${escapeHtml(title)}</title><style>` +
    `body{font-family:system-ui,-apple-system,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;` +
    `justify-content:center;background:#f8fafc;color:#0f172a}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.5rem}` +
    `p{color:#475569;line-height:1.5}dl{text-align:left}dt{font-weight:600;margin-top:.75rem}dd{margin:0;color:#334155;` +
    `word-break:break-word}</style></head><body><main>${body}</main></body></html>`
  );
}

export const NOT_FOUND_PAGE = page(
  'QR code not found',
  '<h1>QR code not found</h1><p>This QR code does not exist or has been deleted.</p>',
);

export const PAUSED_PAGE = page(
  'QR code paused',
  '<h1>This QR code is paused</h1><p>Its owner has paused it for now. Please try again later.</p>',
);

/** A suspended code or one whose destination is blocked: neutral, it says nothing about why or where it went. */
export const DISABLED_PAGE = page('QR code disabled', '<h1>This QR code has been disabled</h1><p>It no longer leads anywhere.</p>');

/** A code with routing outside its validity or past its cap of human scans, without an after-limit address (issue 33). */
export const INACTIVE_PAGE = page(
  'QR code no longer active',
  '<h1>This QR code is no longer active</h1><p>It has reached the end of its campaign. Thank you for scanning.</p>',
);

export const NOT_ACTIVE_YET_PAGE = page(
  'QR code not active yet',
  '<h1>This QR code is not active yet</h1><p>Its campaign has not started. Please scan it again later.</p>',
);

export const UNAVAILABLE_PAGE = page(
  'Temporarily unavailable',
  '<h1>Temporarily unavailable</h1><p>Please scan the code again in a moment.</p>',
);

/** The password page's own style (no external resources), allowed by its hash in PASSWORD_PAGE_CSP. */
const PASSWORD_STYLE =
  'body{font-family:system-ui,-apple-system,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;' +
  'background:#f8fafc;color:#0f172a}' +
  'main{box-sizing:border-box;width:100%;max-width:24rem;padding:2rem 1.5rem;text-align:center}' +
  'h1{font-size:1.5rem;margin:.5rem 0}p{color:#475569;line-height:1.5}.lock{display:block;margin:0 auto}' +
  'form{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem;text-align:left}label{font-weight:600}' +
  'input{font:inherit;padding:.75rem;border:1px solid #cbd5e1;border-radius:.5rem;background:#fff}' +
  'input:focus{outline:2px solid #2563eb;outline-offset:1px}' +
  'button{font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.5rem;background:#2563eb;color:#fff;cursor:pointer}' +
  '.error{color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;border-radius:.5rem;padding:.5rem .75rem;margin:0}';
const PASSWORD_STYLE_HASH = createHash('sha256').update(PASSWORD_STYLE).digest('base64');

/**
 * CSP of the password page: nothing but its own style and a form posting back to itself. `formTargets` are the
 * origins the right password may redirect to (the destination's; a code with routing adds its rules', arms' and
 * after-limit address's): browsers apply form-action to the redirect after a submission too.
 */
export function passwordPageCsp(formTargets: readonly string[]): string {
  const targets = ["'self'", ...new Set(formTargets)].join(' ');
  return `default-src 'none'; style-src 'sha256-${PASSWORD_STYLE_HASH}'; form-action ${targets}; frame-ancestors 'none'; base-uri 'none'`;
}

/** /d/{code} of a password-protected code: a form posting the password back to the same path. */
export function passwordPage(shortCode: string, message: string | null = null): string {
  const error = message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>` +
    `Password required</title><style>${PASSWORD_STYLE}</style></head><body><main>` +
    `<svg class="lock" aria-hidden="true" viewBox="0 0 24 24" width="48" height="48">` +
    `<path fill="#2563eb" d="M18 8h-1V6A5 5 0 0 0 7 6v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V10a2 2 0 0 0-2-2zm-6 9a2 2 0 ` +
    `1 1 0-4 2 2 0 0 1 0 4zm3.1-9H8.9V6a3.1 3.1 0 0 1 6.2 0v2z"/></svg><h1>This QR code is password protected</h1><p>Enter the password ` +
    `to continue.</p><form method="post" action="/d/${encodeURIComponent(shortCode)}">${error}<label for="password">Password</label>` +
    `<input id="password" name="password" type="password" required maxlength="128" autocomplete="current-password" autofocus><button ` +
    `type="submit">Continue</button></form></main></body></html>`
  );
}

export const PASSWORD_BAD_REQUEST = 'Please enter the password.';
export const PASSWORD_INCORRECT = 'Incorrect password';
export const PASSWORD_TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
export const PASSWORD_TOO_LARGE = 'That request was too large.';
