// Rules of the account forms that the browser checks before sending and the server checks again (website spec
// section 5): the backend's zod schemas (accounts/account.schemas.ts) and the frontend's validators
// (site/auth/auth-validation.ts, ui/ChangePasswordDialog.tsx) read them here, so a rule or a message changes once.

/** The shortest password the server takes (register, reset, change). */
export const PASSWORD_MIN_LENGTH = 6;

export const FORM_MESSAGES = {
  shortPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsDiffer: "Passwords don't match",
  usernameRequired: 'Username is required',
  invalidEmail: 'Invalid email address',
} as const;

/** A password's length rule: the message, or null when the password is long enough. */
export function passwordLengthError(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? FORM_MESSAGES.shortPassword : null;
}
