import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { bindFeedback } from '../shared/feedback.ts';
import { ApiError } from './api-error.ts';
import { applyFieldErrors, reportError } from './form-errors.ts';

const error = vi.fn();

function fakeForm(values: Record<string, unknown>) {
  const setFields = vi.fn();
  const form = { getFieldsValue: () => values, setFields } as unknown as FormInstance;
  return { form, setFields };
}

const invalid = (fields: Record<string, string>) =>
  new ApiError({
    code: 422,
    status: 422,
    message: 'Invalid input',
    data: { fields, field_keys: {} },
  });

beforeEach(() => {
  error.mockReset();
  bindFeedback({ error } as unknown as MessageInstance);
});

afterEach(() => bindFeedback(null));

describe('server field errors on forms (house style 7)', () => {
  it('puts each 422 field message on the matching form field', () => {
    const { form, setFields } = fakeForm({ email: 'a', password: 'b' });
    expect(
      applyFieldErrors(form, invalid({ email: 'This e-mail is already registered', other: 'x' })),
    ).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['email'], errors: ['This e-mail is already registered'] },
    ]);
  });

  it('maps nested paths to nested field names', () => {
    const { form, setFields } = fakeForm({ address: {} });
    applyFieldErrors(form, invalid({ 'address.city': 'Required' }));
    expect(setFields).toHaveBeenCalledWith([{ name: ['address', 'city'], errors: ['Required'] }]);
  });

  it('also places a 409 that names the taken field', () => {
    const { form, setFields } = fakeForm({ email: 'a' });
    const taken = new ApiError({
      code: 409,
      status: 409,
      message: 'This e-mail address is already registered',
      data: {
        fields: { email: 'This e-mail address is already registered' },
        field_keys: { email: 'auth.email_taken' },
      },
    });
    expect(applyFieldErrors(form, taken)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['email'], errors: ['This e-mail address is already registered'] },
    ]);
  });

  it('ignores errors that are not about fields', () => {
    const { form, setFields } = fakeForm({ email: 'a' });
    expect(applyFieldErrors(form, new ApiError({ code: 409, status: 409, message: 'Taken' }))).toBe(
      false,
    );
    expect(applyFieldErrors(form, new Error('boom'))).toBe(false);
    expect(setFields).not.toHaveBeenCalled();
  });

  it('reports an error once: on fields when it can, as a message otherwise', async () => {
    const { form } = fakeForm({ email: 'a' });
    reportError(invalid({ email: 'Bad' }), form);
    reportError(new ApiError({ code: 429, status: 429, message: 'Too many requests' }), form);
    reportError(new ApiError({ code: 401, status: 401, message: 'expired', handled: true }));
    reportError(invalid({ _: 'Body is not valid JSON' }), form);
    await Promise.resolve();
    expect(error.mock.calls.map((c) => c[0])).toEqual([
      'Too many requests',
      'Body is not valid JSON',
    ]);
  });
});
