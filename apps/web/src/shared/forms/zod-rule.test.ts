import { beforeAll, describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { AddressInput, Code, RegisterInput, SavePayPwdInput } from '@app/shared';
import { i18n, setLanguage } from '../i18n/i18n.ts';
import { valueRule, zodRule } from './zod-rule.ts';

type RuleObject = { validator: (rule: unknown, value: unknown) => Promise<void> };

/** Runs the rule the way antd does: with the form, then the validator. */
async function check(
  schema: Parameters<typeof zodRule>[0],
  field: string,
  values: Record<string, unknown>,
) {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const rule = zodRule(schema, field, i18n.t) as unknown as (f: FormInstance) => RuleObject;
  return rule(form)
    .validator({}, values[field])
    .then(
      () => null,
      (error: Error) => error.message,
    );
}

const valid = {
  name: 'Seller',
  email: 'seller@example.com',
  code: '123456',
  password: 'correct horse',
  password_confirmation: 'correct horse',
  captcha: 'abcd',
  captcha_key: 'k1',
};

beforeAll(async () => {
  await setLanguage('en');
});

describe('zod → antd rule adapter', () => {
  it('passes valid input', async () => {
    expect(await check(RegisterInput, 'email', valid)).toBeNull();
  });

  it('reports an empty field as required', async () => {
    expect(await check(RegisterInput, 'name', { ...valid, name: '' })).toBe(
      'This field is required',
    );
    expect(await check(RegisterInput, 'captcha', { ...valid, captcha: undefined })).toBe(
      'This field is required',
    );
  });

  it('reports only the issues of its own field', async () => {
    expect(await check(RegisterInput, 'name', { ...valid, email: 'nope' })).toBeNull();
    expect(await check(RegisterInput, 'email', { ...valid, email: 'nope' })).toBe(
      'Enter a valid e-mail address',
    );
  });

  it('uses the shared minimum password length', async () => {
    const short = { ...valid, password: 'short', password_confirmation: 'short' };
    expect(await check(RegisterInput, 'password', short)).toBe(
      'The password must be at least 8 characters',
    );
  });

  it('refuses the e-mail as the password, in the current language', async () => {
    const same = {
      ...valid,
      password: 'Seller@Example.com',
      password_confirmation: 'Seller@Example.com',
    };
    expect(await check(RegisterInput, 'password', same)).toBe(
      'The password must not be your e-mail or mobile number',
    );
    await setLanguage('zh-CN');
    expect(await check(RegisterInput, 'password', same)).toBe('密码不能与邮箱或手机号相同');
    await setLanguage('en');
  });

  it('applies cross-field refinements to the confirmation field', async () => {
    const mismatch = { ...valid, password_confirmation: 'different horse' };
    expect(await check(RegisterInput, 'password_confirmation', mismatch)).toBe(
      'The two passwords do not match',
    );
    expect(await check(RegisterInput, 'password', mismatch)).toBeNull();
  });

  it('translates the messages written in the shared schemas', async () => {
    const pay = { password: 'x', pay_password: '12ab', pay_password_confirmation: '12ab' };
    expect(await check(SavePayPwdInput, 'pay_password', pay)).toBe('The pay password is 6 digits');
    await setLanguage('zh-CN');
    expect(await check(SavePayPwdInput, 'pay_password', pay)).toBe('支付密码为 6 位数字');
    await setLanguage('en');
  });

  it('names a control character in a text field instead of calling the value invalid', async () => {
    const address = {
      name: 'Li\u0000 Lei',
      phone: '+86 138 0013 8000',
      country_code: 'CN',
      city: 'Shenzhen',
      address1: 'Keyuan Road 1',
    };
    expect(await check(AddressInput, 'name', address)).toBe(
      'Remove the invisible control characters (often pasted in with the text)',
    );
    expect(await check(AddressInput, 'city', address)).toBeNull();
  });

  it('validates single values with a field schema', async () => {
    const rule = valueRule(Code, i18n.t) as RuleObject;
    await expect(rule.validator({}, '123456')).resolves.toBeUndefined();
    await expect(rule.validator({}, '12')).rejects.toThrow('The code is 6 digits');
    await expect(rule.validator({}, '')).rejects.toThrow('This field is required');
  });
});
