import { Alert, Form, Input, Modal, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { feedback } from '../../../shared/feedback.ts';
import { createGroup, updateGroup, usePermissionTree, useTeamMutation } from '../api.ts';
import { groupName } from '../group-name.ts';
import { PermissionTreeField } from './permission-tree.tsx';

interface Values {
  name: string;
  permissions: string[];
}

/** Create a group, edit one of the seller's own, or look at a built-in one (read-only). */
export function GroupDialog({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: Group | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tree = usePermissionTree(open);
  const readOnly = group?.built_in ?? false;
  const save = useTeamMutation((values: Values) =>
    group ? updateGroup({ id: group.id, ...values }) : createGroup(values),
  );

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      name: group ? groupName(t, group) : '',
      permissions: group?.permissions ?? [],
    });
  }, [open, group, form, t]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync(values);
      feedback.success(t(group ? 'team.role.saved' : 'team.role.created'));
      onClose();
    } catch (error) {
      const field = isApiError(error) ? error.fields : null;
      if (field?.name) form.setFields([{ name: 'name', errors: [field.name] }]);
      else if (isApiError(error) && !error.handled) feedback.error(error.message);
    }
  };

  const title = readOnly
    ? t('team.role.viewTitle')
    : t(group ? 'team.role.editTitle' : 'team.role.createTitle');
  return (
    <Modal
      open={open}
      title={title}
      width={640}
      destroyOnHidden
      onCancel={onClose}
      onOk={readOnly ? onClose : submit}
      okText={t('team.save')}
      cancelText={t('team.cancel')}
      confirmLoading={save.isPending}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
    >
      <Form form={form} layout="vertical" disabled={readOnly}>
        <Form.Item
          name="name"
          label={t('team.role.name')}
          rules={[{ required: true, whitespace: true, message: t('team.role.nameRequired') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('team.role.permissions')}
          extra={readOnly ? undefined : t('team.role.treeHint')}
        >
          {tree.isError ? (
            <Alert type="error" title={t('team.loadFailed')} />
          ) : tree.data ? (
            <PermissionTreeField tree={tree.data} disabled={readOnly} />
          ) : (
            <Spin />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
