import { describe, expect, it } from 'vitest';
import { PASSWORD_IS_LOGIN, passwordIsLogin, RegisterInput } from './auth.ts';
import { ForgetByMobileInput, RegisterByMobileInput } from './mobile.ts';

const emailExtras = { captcha: 'ABCD', captcha_key: 'k', code: '123456' };

function passwordIssues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).filter((i) => i.path[0] === 'password').map((i) => i.message);
}

describe('password policy in the shared schemas', () => {
  it('asks for at least 8 characters and allows 128', () => {
    const short = RegisterInput.safeParse({
      name: 'A',
      email: 'a@example.com',
      password: 'Seven77',
      password_confirmation: 'Seven77',
      ...emailExtras,
    });
    expect(passwordIssues(short)).toEqual(['validation.password_too_short']);
    const long = 'x'.repeat(128);
    expect(
      RegisterInput.safeParse({
        name: 'A',
        email: 'a@example.com',
        password: long,
        password_confirmation: long,
        ...emailExtras,
      }).success,
    ).toBe(true);
  });

  it('refuses the e-mail or mobile the password is set for, whatever the case', () => {
    const byEmail = RegisterInput.safeParse({
      name: 'A',
      email: 'Alice@Example.com',
      password: 'alice@example.COM',
      password_confirmation: 'alice@example.COM',
      ...emailExtras,
    });
    expect(passwordIssues(byEmail)).toEqual([PASSWORD_IS_LOGIN]);
    const byMobile = RegisterByMobileInput.safeParse({
      name: 'M',
      mobile: '+8613900000001',
      password: '13900000001',
      code: '123456',
    });
    expect(passwordIssues(byMobile)).toEqual([PASSWORD_IS_LOGIN]);
    const reset = ForgetByMobileInput.safeParse({
      mobile: '13900000001',
      code: '123456',
      password: '13900000001',
      password_confirmation: '13900000001',
    });
    expect(passwordIssues(reset)).toEqual([PASSWORD_IS_LOGIN]);
  });

  it('compares against every login it is given and ignores missing ones', () => {
    expect(passwordIsLogin('bob@example.com', [null, 'BOB@example.com'])).toBe(true);
    expect(passwordIsLogin('13800138000', ['+8613800138000'])).toBe(true);
    expect(passwordIsLogin('13800138000x', ['13800138000', undefined])).toBe(false);
  });
});
