import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Segmented,
  Space,
  Switch,
  Table,
  Tag,
  TreeSelect,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  AddMenuInput,
  buildMenuTree,
  MENU_TYPE,
  type MenuItem,
  type MenuScope,
  type MenuTreeNode,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { menuLabel } from '../../../shared/i18n/menu-label.ts';
import { addMenu, deleteMenus, listAdminMenus, updateMenu } from '../api/admin-session.ts';
import { confirmDelete } from '../components/console-helpers.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

const TYPE_KEYS = {
  [MENU_TYPE.directory]: 'directory',
  [MENU_TYPE.page]: 'page',
  [MENU_TYPE.permission]: 'permission',
} as const;

type Node = MenuTreeNode<MenuItem>;
type Row = Omit<Node, 'children'> & { children?: Row[] };

/** Antd's tree table reads `children`; a leaf must not carry an empty list (it would show an expander). */
function rowsOf(nodes: readonly Node[]): Row[] {
  return nodes.map(({ children, ...node }) =>
    children.length ? { ...node, children: rowsOf(children) } : node,
  );
}

/** Parents a menu may have: directories and pages, never itself or anything below it. */
function parentOptions(t: TFunction, nodes: readonly Node[], except: number | null): object[] {
  return nodes
    .filter((n) => n.type !== MENU_TYPE.permission && n.id !== except)
    .map((n) => ({
      value: n.id,
      title: menuLabel(t, n.name),
      children: parentOptions(t, n.children, except),
    }));
}

type Values = Omit<AddMenuInput, 'scope'>;

function MenuDialog({
  open,
  menu,
  parentId,
  scope,
  tree,
  onClose,
}: {
  open: boolean;
  menu: MenuItem | null;
  parentId: number | null;
  scope: MenuScope;
  tree: Node[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(AddMenuInput);
  const type = Form.useWatch('type', form);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      menu ?? {
        parentId,
        type: MENU_TYPE.page,
        name: '',
        router: null,
        perms: null,
        icon: null,
        orderNum: 0,
        viewPath: null,
        keepAlive: false,
        isShow: true,
      },
    );
  }, [open, menu, parentId, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const blank = (s: string | null | undefined) => (s && s.trim() ? s.trim() : null);
    const input = {
      parentId: v.parentId ?? null,
      name: v.name,
      type: v.type,
      router: blank(v.router),
      perms: blank(v.perms),
      icon: blank(v.icon),
      orderNum: v.orderNum ?? 0,
      viewPath: blank(v.viewPath),
      keepAlive: v.keepAlive ?? false,
      isShow: v.isShow ?? true,
    };
    setSaving(true);
    try {
      await (menu ? updateMenu({ id: menu.id, ...input }) : addMenu({ ...input, scope }));
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
      title={t(menu ? 'admin.menus.edit' : 'admin.menus.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      confirmLoading={saving}
      width={600}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="type" label={t('admin.menus.type')}>
          <Radio.Group
            options={[MENU_TYPE.directory, MENU_TYPE.page, MENU_TYPE.permission].map((v) => ({
              value: v,
              label: t(`admin.menus.types.${TYPE_KEYS[v]}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('admin.menus.name')}
          rules={rules('name')}
          extra={t('admin.menus.nameHint')}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parentId" label={t('admin.menus.parent')} rules={rules('parentId')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll={false}
            placeholder={t('admin.menus.topLevel')}
            treeData={parentOptions(t, tree, menu?.id ?? null)}
          />
        </Form.Item>
        {type !== MENU_TYPE.permission && (
          <Form.Item name="router" label={t('admin.menus.router')} rules={rules('router')}>
            <Input maxLength={255} placeholder="/sys/example" />
          </Form.Item>
        )}
        {type === MENU_TYPE.page && (
          <Form.Item name="viewPath" label={t('admin.menus.viewPath')} rules={rules('viewPath')}>
            <Input maxLength={255} placeholder="sys/example" />
          </Form.Item>
        )}
        {type === MENU_TYPE.permission && (
          <Form.Item
            name="perms"
            label={t('admin.menus.perms')}
            rules={rules('perms')}
            extra={t('admin.menus.permsHint')}
          >
            <Input maxLength={1024} placeholder="sys:example:add" />
          </Form.Item>
        )}
        {type !== MENU_TYPE.permission && (
          <Form.Item name="icon" label={t('admin.menus.icon')} rules={rules('icon')}>
            <Input maxLength={64} placeholder="SettingOutlined" />
          </Form.Item>
        )}
        <Space size="large" wrap>
          <Form.Item name="orderNum" label={t('admin.menus.order')} rules={rules('orderNum')}>
            <InputNumber min={0} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="isShow" label={t('admin.menus.shown')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {type === MENU_TYPE.page && (
            <Form.Item name="keepAlive" label={t('admin.menus.keepAlive')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Space>
      </Form>
    </Modal>
  );
}

/** /admin/sys/menu: the menu editor for both consoles (the seller's and this one). */
export function AdminMenusPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/menu');
  const [scope, setScope] = useState<MenuScope>('admin');
  const menus = useQuery({
    queryKey: ['admin', 'menus', scope],
    queryFn: () => listAdminMenus(scope),
  });
  const tree = useMemo(() => buildMenuTree(menus.data ?? []), [menus.data]);
  const rows = useMemo(() => rowsOf(tree), [tree]);
  const [dialog, setDialog] = useState<{ menu: MenuItem | null; parentId: number | null }>();
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'menus'] });
  return (
    <Card
      title={t('admin.menus.title')}
      extra={
        <Space wrap>
          <Segmented<MenuScope>
            value={scope}
            onChange={setScope}
            options={[
              { value: 'admin', label: t('admin.menus.scopes.admin') },
              { value: 'seller', label: t('admin.menus.scopes.seller') },
            ]}
          />
          {may('add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ menu: null, parentId: null })}
            >
              {t('admin.menus.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<Row>
        // Mounted again once the tree arrives, so every level opens (the option is read once).
        key={`${scope}-${rows.length}`}
        expandable={{ defaultExpandAllRows: true }}
        rowKey="id"
        size="middle"
        loading={menus.isLoading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('admin.menus.empty') }}
        columns={[
          { key: 'name', title: t('admin.menus.name'), render: (_, m) => menuLabel(t, m.name) },
          {
            key: 'type',
            title: t('admin.menus.type'),
            render: (_, m) => <Tag>{t(`admin.menus.types.${TYPE_KEYS[m.type]}`)}</Tag>,
          },
          { key: 'router', title: t('admin.menus.router'), dataIndex: 'router' },
          { key: 'perms', title: t('admin.menus.perms'), dataIndex: 'perms' },
          { key: 'order', title: t('admin.menus.order'), dataIndex: 'orderNum' },
          {
            key: 'shown',
            title: t('admin.menus.shown'),
            render: (_, m) => (m.isShow ? t('admin.menus.yes') : t('admin.menus.no')),
          },
          {
            key: 'actions',
            title: t('admin.console.actions'),
            render: (_, m) => (
              <Space size={0}>
                {may('add') && m.type !== MENU_TYPE.permission && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ menu: null, parentId: m.id })}
                  >
                    {t('admin.menus.addChild')}
                  </Button>
                )}
                {may('update') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ menu: m, parentId: m.parentId })}
                  >
                    {t('admin.console.edit')}
                  </Button>
                )}
                {may('delete') && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(t, menuLabel(t, m.name), async () => {
                        await deleteMenus([m.id]);
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
      <MenuDialog
        open={dialog !== undefined}
        menu={dialog?.menu ?? null}
        parentId={dialog?.parentId ?? null}
        scope={scope}
        tree={tree}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
