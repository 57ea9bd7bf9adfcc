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
