import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorIdOf, type PlainInputProps } from './plain-form.ts';

type Attributes = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'inputMode' | 'autoComplete' | 'placeholder' | 'autoFocus' | 'maxLength'
>;

interface PlainFieldProps extends Attributes {
  label: string;
  input: PlainInputProps;
  error: string | undefined;
  /** An icon before the text, as antd's `prefix`. */
  prefix?: ReactNode;
  /** Beside the box (the captcha's image). */
  aside?: ReactNode;
  /** Inside the box after the text (the password's show button). */
  suffix?: ReactNode;
}

/** A labelled input of a plain form (`usePlainForm`), drawn like antd's large vertical form item. */
export function PlainField({
  label,
  input,
  error,
  prefix,
  aside,
  suffix,
  ...rest
}: PlainFieldProps) {
  return (
    <div className={error === undefined ? 'plain-field' : 'plain-field plain-field--error'}>
      <label htmlFor={input.id}>{label}</label>
      <div className="plain-field__row">
        <span className="plain-field__box">
          {prefix && <span className="plain-field__prefix">{prefix}</span>}
          <input {...input} {...rest} />
          {suffix}
        </span>
        {aside}
      </div>
      {error !== undefined && (
        <div id={errorIdOf(input.id)} className="plain-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
