import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidMobile, LANGUAGES, type Language, type StaffUser } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { feedback } from '../../../shared/feedback.ts';
import { createStaff, updateStaff, useAllStores, useGroups, useTeamMutation } from '../api.ts';
import { groupName } from '../group-name.ts';
import { MobileInput } from '../../../shared/forms/mobile-input.tsx';

interface Values {
  name: string;
  email?: string;
  mobile?: string;
  password?: string;
  /** New members only: an initial password, or an invitation to set their own. */
  access: 'password' | 'invite';
  language: Language;
  group_ids: number[];
  store_ids: number[];
}

const blank = (v?: string) => (v && v.trim() !== '' ? v.trim() : undefined);

/** Create a staff member or change one; the password's rules are the server's (its message shows). */
const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

export function StaffDialog({
  open,
  staff,
  onClose,
}: {
  open: boolean;
  staff: StaffUser | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const access = Form.useWatch('access', form);
  const groups = useGroups({ page: 1, size: 200 });
  const stores = useAllStores();
  const save = useTeamMutation((v: Values) => {
    const email = blank(v.email);
    const mobile = blank(v.mobile);
    const password = blank(v.password);
    if (!staff) {
      const { access: chosen, language, ...rest } = v;
      return createStaff(
        chosen === 'invite'
          ? { ...rest, email, mobile, password: undefined, invite: true, language }
          : { ...rest, email, mobile, password: password ?? '' },
      );
    }
    return updateStaff({
      id: staff.id,
      name: v.name,
      email: email ?? null,
      mobile: mobile ?? null,
      password,
      group_ids: v.group_ids,
      store_ids: v.store_ids,
    });
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: staff?.name ?? '',
      email: staff?.email ?? '',
      mobile: staff?.mobile ?? '',
      password: '',
      access: 'password',
      language: (LANGUAGES as readonly string[]).includes(i18n.language)
        ? (i18n.language as Language)
        : 'zh-CN',
      group_ids: staff?.group_ids ?? [],
      store_ids: staff?.store_ids ?? [],
    });
  }, [open, staff, form, i18n.language]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(values);
      feedback.success(
        t(
          staff
            ? 'team.staff.saved'
            : values.access === 'invite'
              ? 'team.staff.invited'
              : 'team.staff.created',
        ),
      );
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.fields;
      if (fields && Object.keys(fields).length > 0) {
        form.setFields(
          Object.entries(fields).map(([name, message]) => ({
            name: name as keyof Values,
            errors: [message],
          })),
        );
      } else if (!error.handled) feedback.error(error.message);
    }
  };

  const contactRule = {
    validator: () =>
      blank(form.getFieldValue('email')) || blank(form.getFieldValue('mobile'))
        ? Promise.resolve()
        : Promise.reject(new Error(t('team.staff.contactRequired'))),
  };
  return (
    <Modal
      open={open}
      title={t(staff ? 'team.staff.editTitle' : 'team.staff.createTitle')}
      width={560}
      destroyOnHidden
      onCancel={onClose}
      onOk={submit}
      okText={t('team.save')}
      cancelText={t('team.cancel')}
      confirmLoading={save.isPending}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('team.staff.name')}
          rules={[{ required: true, whitespace: true, message: t('team.staff.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="email" label={t('team.staff.email')} rules={[contactRule]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label={t('team.staff.mobile')}
          dependencies={['email']}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && !isValidMobile(value)) throw new Error(t('validation.mobile'));
              },
            },
          ]}
        >
          <MobileInput />
        </Form.Item>
        {!staff && (
          <Form.Item name="access" label={t('team.staff.access')}>
            <Radio.Group
              options={[
                { value: 'password', label: t('team.staff.accessPassword') },
                { value: 'invite', label: t('team.staff.accessInvite') },
              ]}
            />
          </Form.Item>
        )}
        {!staff && access === 'invite' ? (
          <>
            <Alert
              type="info"
              showIcon
              title={t('team.staff.inviteHint')}
              style={{ marginBottom: 16 }}
            />
            <Form.Item name="language" label={t('team.staff.inviteLanguage')}>
              <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="password"
            label={t(staff ? 'team.staff.newPassword' : 'team.staff.password')}
            extra={staff ? t('team.staff.passwordHint') : undefined}
            rules={staff ? [] : [{ required: true, message: t('team.staff.passwordRequired') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="group_ids" label={t('team.staff.groups')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={groups.isLoading}
            options={(groups.data?.list ?? []).map((g) => ({
              value: g.id,
              label: groupName(t, g),
            }))}
          />
        </Form.Item>
        <Form.Item name="store_ids" label={t('team.staff.stores')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            loading={stores.isLoading}
            options={(stores.data?.list ?? []).map((s) => ({
              value: s.id,
              label: `${s.alias} (${s.marketplace})`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
