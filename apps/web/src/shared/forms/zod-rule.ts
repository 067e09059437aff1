import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, PASSWORD_IS_LOGIN } from '@app/shared';

type Issue = z.core.$ZodIssue;

/** Messages written in the shared schemas, mapped to translated ones. */
const SCHEMA_MESSAGES = {
  'Invalid mobile number': 'validation.mobile',
  'Pay password must be 6 digits': 'validation.payPassword',
  'Code must be 6 digits': 'validation.code',
  'The two passwords do not match': 'validation.mismatch',
  'Enter the password or the SMS code': 'validation.passwordOrCode',
  [PASSWORD_IS_LOGIN]: 'validation.passwordIsLogin',
  [CONTROL_CHARACTER_MESSAGE]: 'validation.controlCharacter',
} as const;

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

export function translateIssue(issue: Issue, value: unknown, t: TFunction): string {
  const known = SCHEMA_MESSAGES[issue.message as keyof typeof SCHEMA_MESSAGES];
  if (isBlank(value) && issue.code !== 'custom') return t('validation.required');
  if (known) return t(known);
  switch (issue.code) {
    case 'invalid_type':
      return t('validation.required');
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? t('validation.required')
        : t('validation.passwordMin', { min: Number(issue.minimum) });
    case 'too_big':
      return t('validation.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t('validation.invalid');
    default:
      return t('validation.invalid');
  }
}

/**
 * One adapter from the shared zod request schemas to antd form rules (house style 4): the
 * whole form is parsed so cross-field refinements (password confirmation) apply, and only
 * the issues for this field are reported on it.
 */
export function zodRule(schema: z.ZodType, field: string, t: TFunction): FormRule {
  return (form) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const result = await schema.safeParseAsync(values);
      if (result.success) return;
      const issue = result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(translateIssue(issue, values[field], t));
    },
  });
}

/** `rulesFor('email')` → the antd rules for that field of `schema`, in the current language. */
export function useZodRules(schema: z.ZodType): (field: string) => FormRule[] {
  const { t } = useTranslation();
  return useCallback((field: string) => [zodRule(schema, field, t)], [schema, t]);
}

/** For a field validated by one shared field schema (`Code`, `Mobile`) rather than a whole request. */
export function valueRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new Error(translateIssue(result.error.issues[0]!, value, t));
    },
  };
}
