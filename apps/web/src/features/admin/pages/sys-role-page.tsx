import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Space, Spin, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AddRoleInput, formatTimestamp, type SysRole } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { PermissionTreeField } from '../../team/index.ts';
import { consoleKeys, roles } from '../api/console.ts';
import { confirmDelete, roleLabel } from '../components/console-helpers.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

interface Values {
  name: string;
  remark?: string | null;
  permissions: string[];
}

/** Add or edit a role: its name and the console permissions it grants; built-in roles are read-only. */
function RoleDialog({
  open,
  role,
  onClose,
}: {
  open: boolean;
  role: SysRole | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(AddRoleInput);
  const tree = useQuery({
    queryKey: consoleKeys.permissionTree,
    queryFn: roles.permissionTree,
    enabled: open,
  });
  const [saving, setSaving] = useState(false);
  const readOnly = role?.builtIn ?? false;
  const permLabel = useCallback((name: string) => menuLabel(t, name), [t]);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: role ? roleLabel(t, role) : '',
        remark: role?.remark ?? null,
        permissions: role?.permissions ?? [],
      });
  }, [open, role, form, t]);
  const submit = async () => {
    const v = await form.validateFields();
    const input = { name: v.name, remark: v.remark?.trim() || null, permissions: v.permissions };
    setSaving(true);
    try {
      await (role ? roles.update({ id: role.id, ...input }) : roles.add(input));
      feedback.success(t('admin.console.saved'));
      onClose(true);
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t(readOnly ? 'admin.role.view' : role ? 'admin.role.edit' : 'admin.role.add')}
      onCancel={() => onClose(false)}
      onOk={readOnly ? () => onClose(false) : () => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      cancelButtonProps={readOnly ? { style: { display: 'none' } } : undefined}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
    >
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={t('admin.role.superHint')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} name="sys-role" layout="vertical" disabled={readOnly}>
        <Form.Item name="name" label={t('admin.role.name')} rules={rules('name')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.console.remark')} rules={rules('remark')}>
          <Input maxLength={255} />
        </Form.Item>
        {!readOnly && (
          <Form.Item
            name="permissions"
            label={t('admin.role.permissions')}
            extra={t('admin.role.treeHint')}
          >
            {tree.isError ? (
              <Alert type="error" title={t('admin.console.loadFailed')} />
            ) : tree.data ? (
              <PermissionTreeField tree={tree.data} permLabel={permLabel} />
            ) : (
              <Spin />
            )}
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /admin/sys/role: operator roles, each a set of console permissions. */
export function SysRolePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/role');
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [dialog, setDialog] = useState<SysRole | null | undefined>();
  const query = { ...paging, ...(keyword ? { keyword } : {}) };
  const list = useQuery({
    queryKey: consoleKeys.rolePage(query),
    queryFn: () => roles.page(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.roles });
  return (
    <Card
      title={t('admin.role.title')}
      extra={
        may('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog(null)}>
            {t('admin.role.add')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        style={{ maxWidth: 320, marginBottom: 16 }}
        placeholder={t('admin.role.searchPlaceholder')}
        enterButton={t('admin.console.search')}
        onSearch={(v) => {
          setKeyword(v.trim() || undefined);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Table<SysRole>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.role.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('admin.console.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          {
            key: 'name',
            title: t('admin.role.name'),
            render: (_, r) => (
              <Space>
                {roleLabel(t, r)}
                {r.builtIn && <Tag color="gold">{t('admin.role.builtIn')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'perms',
            title: t('admin.role.permissionCount'),
            render: (_, r) => (r.builtIn ? t('admin.role.all') : r.permissions.length),
          },
          { key: 'users', title: t('admin.role.users'), dataIndex: 'userCount' },
          { key: 'remark', title: t('admin.console.remark'), render: (_, r) => r.remark ?? '' },
          {
            key: 'updated',
            title: t('admin.console.updatedAt'),
            render: (_, r) => formatTimestamp(r.updateTime),
          },
          {
            key: 'actions',
            title: t('admin.console.actions'),
            render: (_, r) => (
              <Space size={0}>
                {r.builtIn ? (
                  <Button type="link" size="small" onClick={() => setDialog(r)}>
                    {t('admin.console.view')}
                  </Button>
                ) : (
                  may('update') && (
                    <Button type="link" size="small" onClick={() => setDialog(r)}>
                      {t('admin.console.edit')}
                    </Button>
                  )
                )}
                {may('delete') && !r.builtIn && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(t, r.name, async () => {
                        await roles.remove([r.id]);
                        refresh();
                      })
                    }
                  >
                    {t('admin.console.delete')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <RoleDialog
        open={dialog !== undefined}
        role={dialog ?? null}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
