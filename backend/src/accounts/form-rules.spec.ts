import { FORM_MESSAGES, PASSWORD_MIN_LENGTH, passwordLengthError } from '@qrsharks/qr-core';
import { changePasswordSchema, registerSchema } from './account.schemas';

/** The server's password rule is the shared one the browser checks first (packages/qr-core/src/form-rules.ts). */
describe('account form rules shared with the browser', () => {
  const messages = (parse: () => unknown): string[] => {
    try {
      parse();
      return [];
    } catch (error) {
      return (error as { issues: { message: string }[] }).issues.map((issue) => issue.message);
    }
  };
  // Not on the common-password list at any of these lengths.
  const password = (length: number) => 'tQ7#pLw9xZ2!vR4m'.slice(0, length);

  it.each([PASSWORD_MIN_LENGTH - 1, PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH + 1])(
    'a %i-character password: register and change-password answer what the browser says',
    (length) => {
      const browser = passwordLengthError(password(length));
      const register = messages(() => registerSchema.parse({ email: 'a@x.io', password: password(length) }));
      const change = messages(() =>
        changePasswordSchema.parse({ currentPassword: 'old-secret', newPassword: password(length), confirmPassword: password(length) }),
      );
      expect(register).toEqual(browser ? [browser] : []);
      expect(change).toEqual(browser ? [browser] : []);
    },
  );

  it('mismatched confirmation: the shared message', () => {
    expect(messages(() => registerSchema.parse({ email: 'a@x.io', password: 'tide-pool-42', confirmPassword: 'tide-pool-43' }))).toEqual([
      FORM_MESSAGES.passwordsDiffer,
    ]);
  });
});
