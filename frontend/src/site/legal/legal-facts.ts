/**
 * What the Privacy page says about cookies and retention, as data: backend/src/accounts/sessions/legal-facts.spec.ts checks
 * these names and lifetimes against the constants that set the cookies (issue 30 item 9), so the page cannot drift
 * from the code silently. Plain data only: the backend spec imports this file.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CookieFact {
  name: string;
  /** How long the browser keeps it, in milliseconds. */
  maxAgeMs: number;
  /** The only path it is sent to. */
  path: string;
  purpose: string;
}

export const COOKIE_FACTS: readonly CookieFact[] = [
  {
    name: 'qrs.sid',
    maxAgeMs: 14 * DAY_MS,
    path: '/',
    purpose:
      'Keeps you signed in. It holds a random session id; the session itself (your user id) is stored on our server and ' +
      'deleted when you log out, when it expires, when it has not been used for a while, or when your password changes.',
  },
  {
    name: 'qrs.device',
    maxAgeMs: 180 * DAY_MS,
    path: '/api/login',
    purpose:
      'Set after a successful sign-in: a signed note that this browser signed in as you before, so failed sign-in attempts ' +
      'from elsewhere cannot lock you out. It is sent only to the sign-in call.',
  },
  {
    name: 'qrs.gstate',
    maxAgeMs: 10 * 60 * 1000,
    path: '/auth/google',
    purpose: 'Only while you sign in with Google: a signed one-time value that protects the sign-in from forgery. It is cleared at once.',
  },
];

/** A session unused for this long ends: SESSION_IDLE_TIMEOUT_SECONDS's default (an install may set another). */
export const SESSION_IDLE_DEFAULT_MS = DAY_MS;

/** Scans keep their visitor hash this long: VISITOR_HASH_RETENTION_DAYS's default (issue 32 item 4). */
export const VISITOR_HASH_RETENTION_DEFAULT_DAYS = 30;
/** The mail ledger keeps a recipient's address this long: MAIL_RECIPIENT_RETENTION_DAYS's default. */
export const MAIL_RECIPIENT_RETENTION_DEFAULT_DAYS = 90;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How the page writes a lifetime: "14 days", "24 hours", "10 minutes". */
export function lifetime(ms: number): string {
  if (ms % DAY_MS === 0 && ms > DAY_MS) return plural(ms / DAY_MS, 'day');
  if (ms % 3_600_000 === 0) return plural(ms / 3_600_000, 'hour');
  return plural(Math.round(ms / 60_000), 'minute');
}
