import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { issueMessage } from '@app/shared';

type Issue = z.core.$ZodIssue;

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * An issue in the current language: the shared error map gives its `validation.*` key and
 * parameters, the same the server renders, so a form and the server say the same thing.
 */
export function translateIssue(issue: Issue, value: unknown, t: TFunction): string {
  if (isBlank(value) && issue.code !== 'custom') return t('validation.required');
  const { key, params } = issueMessage(issue);
  return t(key, params);
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
