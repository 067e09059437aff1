import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tree,
  TreeSelect,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AddSysUserInput,
  formatTimestamp,
  Password,
  UpdateSysUserInput,
  type SysUser,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { consoleKeys, depts, roles, sysUsers, type UserPageParams } from '../api/console.ts';
import {
  confirmDelete,
  deptAndBelow,
  deptTree,
  deptTreeData,
  roleLabel,
  type DeptNode,
} from '../components/console-helpers.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

interface Values {
  username: string;
  password?: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  departmentId?: number | null;
  roleIds: number[];
  status: boolean;
  remark?: string | null;
}

const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** Add an operator (with an initial password) or edit one. */
function UserDialog({
  open,
  user,
  tree,
  departmentId,
  onClose,
}: {
  open: boolean;
  user: SysUser | null;
  tree: DeptNode[];
  departmentId: number | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(user ? UpdateSysUserInput : AddSysUserInput);
  const roleList = useQuery({
    queryKey: consoleKeys.roleList(),
    queryFn: roles.list,
    enabled: open,
  });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      username: user?.username ?? '',
      name: user?.name ?? '',
      email: user?.email ?? null,
      phone: user?.phone ?? null,
      departmentId: user ? user.departmentId : departmentId,
      roleIds: user?.roleIds ?? [],
      status: (user?.status ?? 1) === 1,
      remark: user?.remark ?? null,
    });
  }, [open, user, departmentId, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const fields = {
      name: v.name,
      email: blankToNull(v.email),
      phone: blankToNull(v.phone),
      remark: blankToNull(v.remark),
      departmentId: v.departmentId ?? null,
      roleIds: v.roleIds,
      status: v.status ? (1 as const) : (0 as const),
    };
    setSaving(true);
    try {
      await (user
        ? sysUsers.update({ id: user.id, ...fields })
        : sysUsers.add({ ...fields, username: v.username, password: v.password ?? '' }));
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
      title={t(user ? 'admin.user.edit' : 'admin.user.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      confirmLoading={saving}
      width={560}
      destroyOnHidden
    >
      <Form form={form} name="sys-user" layout="vertical">
        <Form.Item name="username" label={t('admin.user.username')} rules={rules('username')}>
          <Input maxLength={32} disabled={user !== null} autoComplete="off" />
        </Form.Item>
        {!user && (
          <Form.Item name="password" label={t('admin.user.password')} rules={rules('password')}>
            <Input.Password maxLength={128} autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('admin.user.name')} rules={rules('name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('admin.user.department')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('admin.user.noDepartment')}
            treeData={deptTreeData(tree)}
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('admin.user.roles')}>
          <Select
            mode="multiple"
            loading={roleList.isLoading}
            options={(roleList.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
          />
        </Form.Item>
        <Form.Item name="email" label={t('admin.user.email')} rules={rules('email')}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item name="phone" label={t('admin.user.phone')} rules={rules('phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.console.remark')} rules={rules('remark')}>
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.user.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const ResetInput = z.object({ password: Password });

/** A new password for an operator; their sessions end. */
function ResetDialog({ user, onClose }: { user: SysUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const rules = useZodRules(ResetInput);
  const submit = async () => {
    const { password } = await form.validateFields();
    try {
      await sysUsers.update({ id: user!.id, password });
      feedback.success(t('admin.user.passwordReset'));
      onClose();
    } catch (error) {
      reportError(error, form);
    }
  };
  return (
    <Modal
      open={user !== null}
      title={t('admin.user.resetTitle', { name: user?.username ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="sys-user-password" layout="vertical">
        <Form.Item name="password" label={t('admin.user.newPassword')} rules={rules('password')}>
          <Input.Password maxLength={128} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Moves the chosen operators to a department. */
function MoveDialog({
  ids,
  tree,
  onClose,
}: {
  ids: number[] | null;
  tree: DeptNode[];
  onClose: (moved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number | null>(null);
  const submit = async () => {
    try {
      const { moved } = await sysUsers.move(ids!, target);
      feedback.success(t('admin.user.moved', { count: moved }));
      onClose(true);
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Modal
      open={ids !== null}
      title={t('admin.user.moveTitle', { count: ids?.length ?? 0 })}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('admin.user.move')}
      cancelText={t('admin.console.cancel')}
      destroyOnHidden
    >
      <TreeSelect
        style={{ width: '100%' }}
        allowClear
        treeDefaultExpandAll
        aria-label={t('admin.user.department')}
        placeholder={t('admin.user.noDepartment')}
        treeData={deptTreeData(tree)}
        value={target}
        onChange={(v) => setTarget(v ?? null)}
      />
    </Modal>
  );
}

/** /admin/sys/user: operators by department; add, edit, disable, reset password, move, delete. */
export function SysUserPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/user');
  const deptList = useQuery({ queryKey: consoleKeys.depts, queryFn: depts.list });
  const tree = useMemo(() => deptTree(deptList.data), [deptList.data]);
  const [dept, setDept] = useState<number | null>(null);
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<SysUser | null | undefined>();
  const [resetting, setResetting] = useState<SysUser | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const query: UserPageParams = {
    ...paging,
    ...(keyword ? { keyword } : {}),
    ...(dept !== null ? { departmentIds: deptAndBelow(tree, dept).join(',') } : {}),
  };
  const list = useQuery({
    queryKey: consoleKeys.userPage(query),
    queryFn: () => sysUsers.page(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: consoleKeys.users });
    void client.invalidateQueries({ queryKey: consoleKeys.depts });
  };
  const setStatus = async (user: SysUser, on: boolean) => {
    try {
      await sysUsers.update({ id: user.id, status: on ? 1 : 0 });
      refresh();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card title={t('admin.user.departments')} size="small">
          <Tree
            blockNode
            defaultExpandAll
            key={tree.length}
            selectedKeys={dept === null ? [] : [dept]}
            treeData={deptTreeData(tree)}
            onSelect={(keys) => {
              setDept(keys.length ? Number(keys[0]) : null);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Card
          title={t('admin.user.title')}
          extra={
            <Space wrap>
              {may('move') && (
                <Button disabled={selected.length === 0} onClick={() => setMoving(selected)}>
                  {t('admin.user.move')}
                </Button>
              )}
              {may('add') && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog(null)}>
                  {t('admin.user.add')}
                </Button>
              )}
            </Space>
          }
        >
          <Input.Search
            allowClear
            className="admin-filters"
            style={{ maxWidth: 320, marginBottom: 16 }}
            placeholder={t('admin.user.searchPlaceholder')}
            enterButton={t('admin.console.search')}
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Table<SysUser>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: t('admin.user.empty') }}
            rowSelection={
              may('move')
                ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(Number)) }
                : undefined
            }
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: list.data?.pagination.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('admin.console.total', { total }),
              onChange: (page, size) => setPaging({ page, size }),
            }}
            columns={[
              { key: 'username', title: t('admin.user.username'), dataIndex: 'username' },
              { key: 'name', title: t('admin.user.name'), dataIndex: 'name' },
              {
                key: 'department',
                title: t('admin.user.department'),
                render: (_, u) => u.departmentName ?? '—',
              },
              {
                key: 'roles',
                title: t('admin.user.roles'),
                render: (_, u) =>
                  u.roleNames.map((name) => <Tag key={name}>{roleLabel(t, { name })}</Tag>),
              },
              {
                key: 'status',
                title: t('admin.user.enabled'),
                render: (_, u) => (
                  <Switch
                    size="small"
                    checked={u.status === 1}
                    disabled={!may('update')}
                    aria-label={t('admin.user.enabled')}
                    onChange={(on) => void setStatus(u, on)}
                  />
                ),
              },
              {
                key: 'lastLogin',
                title: t('admin.user.lastLogin'),
                render: (_, u) => (u.lastLoginTime ? formatTimestamp(u.lastLoginTime) : '—'),
              },
              {
                key: 'actions',
                title: t('admin.console.actions'),
                render: (_, u) => (
                  <Space size={0} wrap>
                    {may('update') && (
                      <Button type="link" size="small" onClick={() => setDialog(u)}>
                        {t('admin.console.edit')}
                      </Button>
                    )}
                    {may('update') && (
                      <Button type="link" size="small" onClick={() => setResetting(u)}>
                        {t('admin.user.resetPassword')}
                      </Button>
                    )}
                    {may('delete') && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          confirmDelete(t, u.username, async () => {
                            await sysUsers.remove([u.id]);
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
        </Card>
      </Col>
      <UserDialog
        open={dialog !== undefined}
        user={dialog ?? null}
        tree={tree}
        departmentId={dept}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) refresh();
        }}
      />
      <ResetDialog user={resetting} onClose={() => setResetting(null)} />
      <MoveDialog
        ids={moving}
        tree={tree}
        onClose={(moved) => {
          setMoving(null);
          if (moved) {
            setSelected([]);
            refresh();
          }
        }}
      />
    </Row>
  );
}
