import type { FormInstance } from 'antd';
import { feedback } from '../shared/feedback.ts';
import { isApiError } from './api-error.ts';

/**
 * A form that takes a call's field errors: antd's FormInstance, or a plain form (`usePlainForm`)
 * on the pages drawn without antd.
 */
export interface FieldErrorTarget {
  getFieldsValue(all: true): unknown;
  setFields(fields: Array<{ name: string[]; errors: string[] }>): void;
}

/**
 * Puts `data.fields` (422, and 409 for a taken e-mail or mobile) on the matching form fields (house style 7). Returns true
 * when at least one message landed on a field the form shows.
 */
export function applyFieldErrors(form: FieldErrorTarget | FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = error.fields;
  if (!fields) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const entries = Object.entries(fields).filter(([name]) => known.has(name.split('.')[0]!));
  if (entries.length === 0) return false;
  form.setFields(entries.map(([name, message]) => ({ name: name.split('.'), errors: [message] })));
  return true;
}

/** Shows a failed call to the user once: on the form fields when possible, otherwise as a message. */
export function reportError(error: unknown, form?: FieldErrorTarget | FormInstance): void {
  if (form && applyFieldErrors(form, error)) return;
  if (isApiError(error)) {
    if (!error.handled) feedback.error(error.fields?._ ?? error.message);
    return;
  }
  feedback.error(error instanceof Error ? error.message : String(error));
}
