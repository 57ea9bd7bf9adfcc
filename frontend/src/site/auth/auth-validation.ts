import { FORM_MESSAGES, passwordLengthError } from '@qrsharks/qr-core/browser';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

export function validateLogin({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = FORM_MESSAGES.usernameRequired;
  if (!password) errors.password = 'Password is required';
  return errors;
}

export function validateRegister({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!EMAIL.test(email.trim())) errors.email = FORM_MESSAGES.invalidEmail;
  const short = passwordLengthError(password);
  if (short) errors.password = short;
  return errors;
}

export function validateForgotPassword(email: string): string | undefined {
  return EMAIL.test(email.trim()) ? undefined : FORM_MESSAGES.invalidEmail;
}

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The reset page's fields, with the register and change-password messages (website spec section 5). */
export function validateNewPassword({ password, confirmPassword }: NewPassword): Partial<Record<keyof NewPassword, string>> {
  const errors: Partial<Record<keyof NewPassword, string>> = {};
  const short = passwordLengthError(password);
  if (short) errors.password = short;
  if (!confirmPassword) errors.confirmPassword = 'Please confirm your new password';
  else if (confirmPassword !== password) errors.confirmPassword = FORM_MESSAGES.passwordsDiffer;
  return errors;
}
