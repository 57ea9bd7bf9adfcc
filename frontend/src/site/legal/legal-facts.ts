/**
 * What the Privacy page says about cookies and retention, as data: backend/src/accounts/legal-facts.spec.ts checks
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
      'deleted when you log out, when it expires, or when your password changes.',
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

/** How the page writes a lifetime: "14 days", "10 minutes". */
export function lifetime(ms: number): string {
  if (ms % DAY_MS === 0) return `${ms / DAY_MS} days`;
  return `${Math.round(ms / 60_000)} minutes`;
}
