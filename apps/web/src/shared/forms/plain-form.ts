import { useCallback, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { FieldErrorTarget } from '../../api/form-errors.ts';
import { translateIssue } from './zod-rule.ts';

type Values = Record<string, string>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

/** What an input of a plain form takes: its value, its change, and its error's wiring. */
export interface PlainInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface PlainForm<V extends Values, Out> {
  values: V;
  errors: Errors<V>;
  input: (name: keyof V & string) => PlainInputProps;
  set: (name: keyof V & string, value: string) => void;
  /** Parses the values with the schema: the input, or null with each issue on its field. */
  check: () => Out | null;
  /** For `reportError`: a call's field errors land on these fields as on an antd form. */
  target: FieldErrorTarget;
}

/** The error line's id of a field, for `aria-describedby`. */
export const errorIdOf = (inputId: string) => `${inputId}-error`;

/**
 * A form without antd, for the pages whose first paint should not load it (/login): the same
 * shared zod schema and the same messages as `useZodRules`. A field with an error is checked
 * again as it changes, as antd's forms do after a submit.
 */
export function usePlainForm<S extends z.ZodType, V extends Values>(
  schema: S,
  initial: V,
): PlainForm<V, z.output<S>> {
  const { t } = useTranslation();
  const prefix = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});

  const issuesOf = useCallback(
    (next: V): Errors<V> => {
      const result = schema.safeParse(next);
      const found: Errors<V> = {};
      if (result.success) return found;
      for (const issue of result.error.issues) {
        const name = String(issue.path[0]) as keyof V & string;
        found[name] ??= translateIssue(issue, next[name], t);
      }
      return found;
    },
    [schema, t],
  );

  const set = useCallback(
    (name: keyof V & string, value: string) => {
      setValues((old) => {
        const next = { ...old, [name]: value };
        setErrors((shown) =>
          shown[name] === undefined ? shown : { ...shown, [name]: issuesOf(next)[name] },
        );
        return next;
      });
    },
    [issuesOf],
  );

  const check = () => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data as z.output<S>;
    }
    setErrors(issuesOf(values));
    return null;
  };

  const input = (name: keyof V & string): PlainInputProps => {
    const id = `${prefix}-${name}`;
    return {
      id,
      name,
      value: values[name] ?? '',
      onChange: (event) => set(name, event.target.value),
      'aria-invalid': errors[name] !== undefined,
      'aria-describedby': errors[name] === undefined ? undefined : errorIdOf(id),
    };
  };

  const target = useMemo<FieldErrorTarget>(
    () => ({
      getFieldsValue: () => initial,
      setFields: (fields) =>
        setErrors((shown) => {
          const next = { ...shown };
          for (const { name, errors: messages } of fields) {
            next[name[0] as keyof V & string] = messages[0];
          }
          return next;
        }),
    }),
    [initial],
  );

  return { values, errors, input, set, check, target };
}
