import { parsePasswordForm } from './code-unlock';

describe('the password form of /d/{code}', () => {
  it('the /d/ form: one password field of UTF-8, else 400', () => {
    expect(parsePasswordForm(Buffer.from('password=open%20sesame'))).toEqual({ password: 'open sesame' });
    expect(parsePasswordForm(Buffer.from('password=a+b%26c'))).toEqual({ password: 'a b&c' });
    expect(parsePasswordForm(Buffer.from(''))).toEqual({ status: 400 });
    expect(parsePasswordForm(Buffer.from('password='))).toEqual({ status: 400 });
    expect(parsePasswordForm(Buffer.from('password=a&password=b'))).toEqual({ status: 400 });
    expect(parsePasswordForm(Buffer.from('password=%FF%FE'))).toEqual({ status: 400 });
    expect(parsePasswordForm(Buffer.from([0x70, 0x3d, 0xff]))).toEqual({ status: 400 });
    expect(parsePasswordForm(Buffer.from(`password=${'x'.repeat(129)}`))).toEqual({ status: 400 });
  });
});
