import { FORM_MESSAGES, PASSWORD_MIN_LENGTH } from '@qrsharks/qr-core';
import { z } from 'zod';
import { displayName, NOT_ALLOWED, text, unsafeText } from '../common/input';
import { COMMON_PASSWORD, isCommonPassword } from './registration/common-passwords';
import { DELETE_PASSWORD_REQUIRED, DELETE_PASSWORD_WRONG } from './model/user';

/**
 * Request bodies and queries of the account routes, with the specs' messages (website spec section 5). Every string
 * is one of common/input.ts's fields, so NUL, lone surrogates and control characters are refused with a field message.
 */

const EMAIL = FORM_MESSAGES.invalidEmail;
const SHORT_PASSWORD = FORM_MESSAGES.shortPassword;

/**
 * A password: never trimmed or normalised (every character counts), but NUL and lone surrogates are refused like
 * everywhere else (argon2's C binding stops at NUL, so two passwords would hash alike).
 */
function secret(options: {
  label: string;
  required: string;
  min?: number;
  minMessage?: string;
  maxMessage?: string;
  refuseCommon?: boolean;
}) {
  return z
    .string({ error: options.required })
    .refine((value) => !value.includes('\u0000') && unsafeText(value, { multiline: true }) !== 'surrogate', {
      message: NOT_ALLOWED(options.label),
      abort: true,
    })
    .refine((value) => value.length > 0, { message: options.required, abort: true })
    .refine((value) => value.length >= (options.min ?? 1), { message: options.minMessage ?? options.required, abort: true })
    .refine((value) => !options.refuseCommon || !isCommonPassword(value), { message: COMMON_PASSWORD, abort: true })
    .refine((value) => value.length <= 1024, { message: options.maxMessage ?? `${options.label} must be at most 1024 characters` });
}

/** Usernames are display names (NFC, no bidi or zero-width characters): registration and sign-in normalise them alike. */
const username = (min: number, messages: { required: string; tooLong: string }) =>
  displayName({
    label: 'Username',
    max: 255,
    min,
    typeMessage: messages.required,
    minMessage: messages.required,
    maxMessage: messages.tooLong,
  });

const email = text({ label: 'Email', max: 255, typeMessage: EMAIL, maxMessage: EMAIL }).pipe(z.email({ error: EMAIL }));

const personName = (label: string) => displayName({ label, max: 255, typeMessage: `${label} must be text` });

export const registerSchema = z
  .object({
    // Optional: the spec's client sends the email as the username, and an empty one means the email.
    username: username(0, { required: FORM_MESSAGES.usernameRequired, tooLong: 'Username must be at most 255 characters' }).optional(),
    email,
    password: secret({
      label: 'Password',
      required: SHORT_PASSWORD,
      min: PASSWORD_MIN_LENGTH,
      minMessage: SHORT_PASSWORD,
      maxMessage: 'Password must be at most 1024 characters',
      refuseCommon: true,
    }),
    confirmPassword: secret({ label: 'Password confirmation', required: FORM_MESSAGES.passwordsDiffer }).optional(),
    firstName: personName('First name').optional().default(''),
    lastName: personName('Last name').optional().default(''),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    message: FORM_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  })
  .transform(({ confirmPassword: _confirmed, ...body }) => ({ ...body, username: body.username || body.email }));
export type RegisterBody = z.infer<typeof registerSchema>;

/** The login form's field is `username` (an email input); `email` is accepted as an alias. */
export const loginSchema = z
  .object({ username: z.unknown().optional(), email: z.unknown().optional(), password: z.unknown().optional() })
  .transform((body) => ({ username: body.username ?? body.email, password: body.password }))
  .pipe(
    z.object({
      username: username(1, { required: FORM_MESSAGES.usernameRequired, tooLong: 'Invalid username or password' }),
      password: secret({ label: 'Password', required: 'Password is required', maxMessage: 'Invalid username or password' }),
    }),
  );
export type LoginBody = z.infer<typeof loginSchema>;

export const updateNameSchema = z.object({
  firstName: personName('First name').default(''),
  lastName: personName('Last name').default(''),
});
export type UpdateNameBody = z.infer<typeof updateNameSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: secret({
      label: 'Current password',
      required: 'Current password is required',
      maxMessage: 'Current password is incorrect',
    }),
    newPassword: secret({
      label: 'Password',
      required: SHORT_PASSWORD,
      min: PASSWORD_MIN_LENGTH,
      minMessage: SHORT_PASSWORD,
      maxMessage: 'Password must be at most 1024 characters',
      refuseCommon: true,
    }),
    confirmPassword: secret({ label: 'Password confirmation', required: 'Please confirm your new password' }),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: FORM_MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

/**
 * POST /api/delete-account (issue 30 item 8): an account with a password proves it is its holder with the password;
 * one without (Google sign-in only) types its email address. Which one applies is the server's decision (user.ts).
 */
export const deleteAccountSchema = z.object({
  password: secret({ label: 'Password', required: DELETE_PASSWORD_REQUIRED, maxMessage: DELETE_PASSWORD_WRONG }).optional(),
  confirmation: text({ label: 'Confirmation', max: 320 }).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountSchema>;

/** POST /api/forgot-password: the address to send a reset link to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;

/** POST /api/verify-email: the mailed link's token (issue 27). */
export const verifyEmailSchema = z.object({
  token: text({ label: 'Token', max: 2000, typeMessage: 'This verification link is invalid. Please ask for a new one.' }),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailSchema>;

/** POST /api/reset-password: the link's token and the new password (the register rules), confirmed. */
export const resetPasswordSchema = z
  .object({
    token: text({ label: 'Token', max: 2000, typeMessage: 'This password reset link is invalid. Please ask for a new one.' }),
    password: secret({
      label: 'Password',
      required: SHORT_PASSWORD,
      min: PASSWORD_MIN_LENGTH,
      minMessage: SHORT_PASSWORD,
      maxMessage: 'Password must be at most 1024 characters',
      refuseCommon: true,
    }),
    confirmPassword: secret({ label: 'Password confirmation', required: 'Please confirm your new password' }),
  })
  .refine((body) => body.password === body.confirmPassword, { message: FORM_MESSAGES.passwordsDiffer, path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;
