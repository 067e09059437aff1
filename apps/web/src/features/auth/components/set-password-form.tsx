import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields.tsx';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';

interface SetPasswordFormProps<S extends z.ZodType> {
  /** The request schema: it checks the fields and the confirmation against the password. */
  schema: S;
  /** What the page already knows and sends along (the invitation code, the mobile). */
  known: Record<string, string>;
  labels: { password: string; confirm: string; submit: string };
  pending: boolean;
  onSubmit: (input: z.output<S>) => Promise<unknown>;
  /** Fields asked before the password (the SMS code). */
  children?: ReactNode;
}

/**
 * Choosing a new password, twice, with the policy's hint: accepting an invitation and resetting
 * a forgotten password both end here.
 */
export function SetPasswordForm<S extends z.ZodType>({
  schema,
  known,
  labels,
  pending,
  onSubmit,
  children,
}: SetPasswordFormProps<S>) {
  const [form] = Form.useForm();
  const rules = useZodRules(schema);
  return (
    <StackedForm
      form={form}
      size="large"
      onSubmit={(values) => onSubmit(schema.parse({ ...(values as object), ...known }))}
    >
      {Object.entries(known).map(([name, value]) => (
        <Form.Item key={name} name={name} hidden initialValue={value}>
          <Input />
        </Form.Item>
      ))}
      {children}
      <NewPasswordFields
        rules={rules}
        label={labels.password}
        confirmLabel={labels.confirm}
        prefix={<LockOutlined />}
      />
      <Button type="primary" htmlType="submit" block loading={pending}>
        {labels.submit}
      </Button>
    </StackedForm>
  );
}
