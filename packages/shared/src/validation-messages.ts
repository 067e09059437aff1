import type { z } from 'zod';
import type { Language } from './language.ts';

/**
 * The `validation.*` messages, one list for both sides: the server renders them into `message`
 * and `data.fields`, and the web's forms show them while the user types, from the same shared
 * schemas. Custom messages in the schemas are these keys (`'validation.mobile'`), never English.
 * Plural keys carry i18next's suffixes (`_one`, `_other`) and take `count`.
 */
export const VALIDATION_MESSAGES = {
  'zh-CN': {
    invalid_input: '输入有误',
    required: '请填写此项',
    invalid: '无效的值',
    invalid_type: '类型不正确',
    invalid_value: '不是允许的值',
    too_short_other: '至少 {{count}} 个字符',
    too_long_other: '最多 {{count}} 个字符',
    too_few_items_other: '至少选择 {{count}} 项',
    too_many_items_other: '最多 {{count}} 项',
    too_small: '不能小于 {{min}}',
    too_small_exclusive: '必须大于 {{min}}',
    too_big: '不能大于 {{max}}',
    too_big_exclusive: '必须小于 {{max}}',
    not_multiple_of: '必须是 {{divisor}} 的倍数',
    unrecognized_keys: '不认识的字段：{{keys}}',
    email: '请输入有效的邮箱地址',
    url: '请输入有效的网址',
    format: '格式不正确',
    control_chars: '不能包含控制字符（常随粘贴的文字带入）',
    password_is_login: '密码不能与邮箱或手机号相同',
    whole_number: '请输入整数',
    mobile: '请输入所选国家或地区的有效手机号',
    phone: '请输入有效的电话号码',
    pay_password: '支付密码为 6 位数字',
    code: '验证码为 6 位数字',
    password_too_short_other: '密码至少 {{count}} 位',
    password_mismatch: '两次输入的密码不一致',
    password_or_code: '请输入密码或短信验证码',
    password_or_invite: '请设置初始密码，或改为发送邀请',
    min_above_max: '最小值不能大于最大值',
    start_after_end: '开始时间不能晚于结束时间',
    hex_colour: '请使用 #1a2b3c 这样的颜色',
    sku_code: '只能包含字母、数字、点、横线和下划线，最多 64 位',
    id_list: '以逗号分隔的 ID，最多 200 个',
    ascii_only: '只能使用英文字母、数字和标点',
    letters_digits: '只能使用字母和数字',
    letters_digits_dashes: '只能使用字母、数字和横线',
    shopify_shop: '店铺请填写为 name.myshopify.com',
    gs1_prefix: 'GS1 厂商识别码为 6 到 11 位数字',
    fee_rate_below_100: '费率必须低于 100%',
    one_of: '只能是以下之一：{{values}}',
    choose_one_or_more: '请至少选择一项',
    either_required: '请二选一填写',
    both_or_neither: '请同时填写或都不填',
    required_for_pickup: '上门取件时必填',
    required_own_carrier: '卖家自行发货时必填',
    country_code: '请填写两位字母的国家或地区代码',
    duplicate: '不能重复',
    cron: '请填写 5 段 cron 表达式（分 时 日 月 周），如 */15 * * * *',
    json_too_large: 'JSON 内容过大（最多 4000 个字符）',
    slug: '只能使用小写字母、数字和单个横线，如 authorize-amazon',
    username: '3 到 32 位字母、数字、点、横线或下划线',
    param_key: '小写字母开头，只能使用小写字母、数字、点、横线和下划线',
    // Statistics date ranges (issue 23).
    iso_day: '请使用 2026-01-31 这样的日期',
    range_too_long: '日期范围最长 {{max}} 天',
  },
  en: {
    invalid_input: 'Invalid input',
    required: 'This field is required',
    invalid: 'Invalid value',
    invalid_type: 'Wrong type of value',
    invalid_value: 'Not one of the allowed values',
    too_short_one: 'Use at least {{count}} character',
    too_short_other: 'Use at least {{count}} characters',
    too_long_one: 'Use at most {{count}} character',
    too_long_other: 'Use at most {{count}} characters',
    too_few_items_one: 'Choose at least {{count}} item',
    too_few_items_other: 'Choose at least {{count}} items',
    too_many_items_one: 'At most {{count}} item',
    too_many_items_other: 'At most {{count}} items',
    too_small: 'Must be at least {{min}}',
    too_small_exclusive: 'Must be greater than {{min}}',
    too_big: 'Must be at most {{max}}',
    too_big_exclusive: 'Must be less than {{max}}',
    not_multiple_of: 'Must be a multiple of {{divisor}}',
    unrecognized_keys: 'Unknown fields: {{keys}}',
    email: 'Enter a valid e-mail address',
    url: 'Enter a valid URL',
    format: 'Invalid format',
    control_chars: 'Remove the invisible control characters (often pasted in with the text)',
    password_is_login: 'The password must not be your e-mail or mobile number',
    whole_number: 'Must be a whole number',
    mobile: 'Enter a valid mobile number for the chosen country or region',
    phone: 'Enter a phone number',
    pay_password: 'The pay password is 6 digits',
    code: 'The code is 6 digits',
    password_too_short_one: 'The password must be at least {{count}} character',
    password_too_short_other: 'The password must be at least {{count}} characters',
    password_mismatch: 'The two passwords do not match',
    password_or_code: 'Enter the password or the SMS code',
    password_or_invite: 'Set an initial password or send an invitation instead',
    min_above_max: 'The minimum must not exceed the maximum',
    start_after_end: 'The start must not be after the end',
    hex_colour: 'Use a colour like #1a2b3c',
    sku_code: 'Letters, digits, dot, dash and underscore, at most 64',
    id_list: 'Comma-separated ids, at most 200',
    ascii_only: 'English letters, digits and punctuation only',
    letters_digits: 'Letters and digits only',
    letters_digits_dashes: 'Letters, digits and dashes only',
    shopify_shop: 'Enter the shop as name.myshopify.com',
    gs1_prefix: 'The GS1 company prefix is 6 to 11 digits',
    fee_rate_below_100: 'The fee rate must be below 100%',
    one_of: 'One of {{values}}',
    choose_one_or_more: 'Choose at least one',
    either_required: 'Give one of the two',
    both_or_neither: 'Give both or neither',
    required_for_pickup: 'Required for pickup',
    required_own_carrier: 'Required when the seller ships with their own carrier',
    country_code: 'A two-letter country or region code',
    duplicate: 'Each may appear only once',
    cron: 'A five-field cron expression (minute hour day month weekday), e.g. */15 * * * *',
    json_too_large: 'The JSON is too large (at most 4,000 characters)',
    slug: 'Lowercase letters, digits and single dashes, e.g. authorize-amazon',
    username: '3 to 32 letters, digits, dots, dashes or underscores',
    param_key: 'Starts with a lower-case letter; lower-case letters, digits, dot, dash, underscore',
    // Statistics date ranges (issue 23).
    iso_day: 'Use a date like 2026-01-31',
    range_too_long: 'The range may span at most {{max}} days',
  },
} as const satisfies Record<Language, Record<string, string>>;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A catalogue key without its plural suffix: what code names, i18next picks the form. */
export type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

export type ValidationKey = `validation.${WithoutPlural<
  keyof (typeof VALIDATION_MESSAGES)['zh-CN'] | keyof (typeof VALIDATION_MESSAGES)['en']
>}`;

export type MessageParams = Record<string, string | number>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const VALIDATION_KEYS: ReadonlySet<string> = new Set(
  Object.keys(VALIDATION_MESSAGES['zh-CN']).map(
    (k) => `validation.${k.replace(PLURAL_SUFFIX, '')}`,
  ),
);

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && VALIDATION_KEYS.has(value);
}

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

function sizeKey(origin: string, small: boolean) {
  if (origin === 'string') return small ? 'too_short' : 'too_long';
  if (origin === 'array' || origin === 'set') return small ? 'too_few_items' : 'too_many_items';
  return null;
}

function keyOf(issue: Issue | RawIssue, inputMissing: boolean): ValidationKey {
  switch (issue.code) {
    case 'invalid_type':
      return inputMissing ? 'validation.required' : 'validation.invalid_type';
    case 'too_small': {
      const size = sizeKey(issue.origin, true);
      if (size === 'too_short' && Number(issue.minimum) <= 1) return 'validation.required';
      if (size) return `validation.${size}`;
      return issue.inclusive === false ? 'validation.too_small_exclusive' : 'validation.too_small';
    }
    case 'too_big': {
      const size = sizeKey(issue.origin, false);
      if (size) return `validation.${size}`;
      return issue.inclusive === false ? 'validation.too_big_exclusive' : 'validation.too_big';
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'url') return 'validation.url';
      return 'validation.format';
    case 'not_multiple_of':
      return 'validation.not_multiple_of';
    case 'unrecognized_keys':
      return 'validation.unrecognized_keys';
    case 'invalid_value':
      return 'validation.invalid_value';
    default:
      return 'validation.invalid';
  }
}

/**
 * The one zod error map, installed with `z.config({ customError: validationErrorMap })` by the
 * server and the web: every issue's message becomes a `validation.*` key. It sees the input, so
 * a missing value reads "required" rather than "wrong type". A schema's own message (already a
 * key) wins over it.
 */
export function validationErrorMap(issue: RawIssue): string {
  return keyOf(issue, issue.input === undefined || issue.input === null);
}

/** An issue as its key and the parameters the message needs (`count` for plurals, `min`, `max`). */
export function issueMessage(issue: Issue): { key: ValidationKey; params: MessageParams } {
  const key = isValidationKey(issue.message) ? issue.message : keyOf(issue, false);
  switch (issue.code) {
    case 'too_small':
      return { key, params: { count: Number(issue.minimum), min: Number(issue.minimum) } };
    case 'too_big':
      return { key, params: { count: Number(issue.maximum), max: Number(issue.maximum) } };
    case 'not_multiple_of':
      return { key, params: { divisor: Number(issue.divisor) } };
    case 'unrecognized_keys':
      return { key, params: { keys: issue.keys.join(', ') } };
    case 'invalid_value':
      return { key, params: { values: issue.values.map(String).join(', ') } };
    case 'custom':
      return { key, params: (issue.params as MessageParams | undefined) ?? {} };
    default:
      return { key, params: {} };
  }
}
