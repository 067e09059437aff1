import { Button, Descriptions, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, maskPhone, SaveUserNameInput } from '@app/shared';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { useLevelName } from '../../../shared/auth/level-name.ts';
import { feedback } from '../../../shared/feedback.ts';
import { StackedForm } from '../../../shared/forms/stacked-form.tsx';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { useSaveUserName } from '../api/save-user-name.ts';

export function ProfileForm() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.userInfo);
  const levelName = useLevelName();
  const [form] = Form.useForm();
  const rules = useZodRules(SaveUserNameInput);
  const save = useSaveUserName();
  const none = <span className="muted">{t('my.profile.none')}</span>;

  const submit = async (values: unknown) => {
    await save.mutateAsync(SaveUserNameInput.parse(values));
    feedback.success(t('my.profile.saved'));
  };

  return (
    <div className="form-section">
      <Descriptions
        column={1}
        size="small"
        className="profile-facts"
        items={[
          { key: 'email', label: t('my.profile.email'), children: user?.email ?? none },
          {
            key: 'mobile',
            label: t('my.profile.mobile'),
            children: user?.mobile ? maskPhone(user.mobile) : none,
          },
          {
            key: 'level',
            label: t('my.profile.level'),
            children: <Tag color="gold">{levelName || '—'}</Tag>,
          },
          {
            key: 'created',
            label: t('my.profile.createdAt'),
            children: user?.created_at ? formatTimestamp(user.created_at) : none,
          },
        ]}
      />
      <StackedForm
        key={user?.id ?? 'anonymous'}
        form={form}
        initialValues={{ name: user?.name }}
        onSubmit={submit}
        className="narrow-form"
      >
        <Form.Item name="name" label={t('my.profile.name')} rules={rules('name')}>
          <Input maxLength={50} autoComplete="nickname" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </StackedForm>
    </div>
  );
}
