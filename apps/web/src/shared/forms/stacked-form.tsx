import type { ReactNode } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import { reportError } from '../../api/form-errors.ts';

type StackedFormProps<V> = Omit<
  FormProps<V>,
  'form' | 'layout' | 'requiredMark' | 'onFinish' | 'children'
> & {
  form: FormInstance<V>;
  children: ReactNode;
  /** Runs once the rules pass; a rejection lands on the fields it names, otherwise in a message. */
  onSubmit: (values: V) => Promise<unknown>;
  /** After a failure has been shown: a captcha answer is single-use, so its form fetches a new one. */
  onFailure?: () => void;
};

/**
 * The app's form: labels above the fields, no required marks, and one place where a failed
 * submit is reported on the form (house style 7).
 */
export function StackedForm<V>({ form, onSubmit, onFailure, ...props }: StackedFormProps<V>) {
  const submit = async (values: V) => {
    try {
      await onSubmit(values);
    } catch (error) {
      reportError(error, form);
      onFailure?.();
    }
  };

  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      {...props}
    />
  );
}
