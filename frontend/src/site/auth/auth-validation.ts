const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

export function validateLogin({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!email.trim()) errors.email = 'Username is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

export function validateRegister({ email, password }: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  if (!EMAIL.test(email.trim())) errors.email = 'Invalid email address';
  if (password.length < 6) errors.password = 'Password must be at least 6 characters';
  return errors;
}

export function validateForgotPassword(email: string): string | undefined {
  return EMAIL.test(email.trim()) ? undefined : 'Invalid email address';
}

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The reset page's fields, with the register and change-password messages (website spec section 5). */
export function validateNewPassword({ password, confirmPassword }: NewPassword): Partial<Record<keyof NewPassword, string>> {
  const errors: Partial<Record<keyof NewPassword, string>> = {};
  if (password.length < 6) errors.password = 'Password must be at least 6 characters';
  if (!confirmPassword) errors.confirmPassword = 'Please confirm your new password';
  else if (confirmPassword !== password) errors.confirmPassword = "Passwords don't match";
  return errors;
}
