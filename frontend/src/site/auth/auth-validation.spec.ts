import { validateForgotPassword, validateNewPassword } from './auth-validation';

describe('password reset fields', () => {
  it('asks for a valid address', () => {
    expect(validateForgotPassword('')).toBe('Invalid email address');
    expect(validateForgotPassword('no-at-sign')).toBe('Invalid email address');
    expect(validateForgotPassword(' shark@example.com ')).toBeUndefined();
  });

  it('asks for 6 characters and the same password twice', () => {
    expect(validateNewPassword({ password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateNewPassword({ password: 'long-enough', confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your new password',
    });
    expect(validateNewPassword({ password: 'long-enough', confirmPassword: 'long-enougH' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(validateNewPassword({ password: 'long-enough', confirmPassword: 'long-enough' })).toEqual({});
  });
});
