import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  TreeSelect,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CategoryNode, CategoryTree, SysCategoryInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { catalogueKeys, sysGoods } from '../api/catalogue.ts';
import { useOperatorCan } from './operator-can.tsx';

/** A table row: antd draws an expander for any `children` array, so leaves have none. */
type Row = Omit<CategoryNode, 'children'> & { children?: Row[] };
const rowsOf = (tree: CategoryTree): Row[] =>
  tree.map(({ children, ...node }) => ({
    ...node,
    ...(children.length ? { children: rowsOf(children) } : {}),
  }));

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}
/** Parents to choose from; the category being edited and its subtree cannot be chosen. */
const optionsOf = (tree: CategoryTree, excluded: number | null, inside = false): TreeOption[] =>
  tree.map((node) => {
    const off = inside || node.id === excluded;
    return {
      value: node.id,
      title: `${node.name} / ${node.nameEn}`,
      disabled: off,
      children: optionsOf(node.children, excluded, off),
    };
  });

/** The parent catalogue's category tree: add, rename, move, order, delete (refused while used). */
export function CategoriesPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/goods');
  const tree = useQuery({ queryKey: catalogueKeys.categories, queryFn: sysGoods.categories });
  // undefined: closed; null: a new category.
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [form] = Form.useForm<SysCategoryInput>();
  const [saving, setSaving] = useState(false);

  const redraw = (next: CategoryTree) => client.setQueryData(catalogueKeys.categories, next);
  const open = (row: Row | null, parentId: number | null = null) => {
    form.resetFields();
    form.setFieldsValue(
      row
        ? { parent_id: row.parentId, name: row.name, name_en: row.nameEn, order_num: row.orderNum }
        : { parent_id: parentId, name: '', name_en: '', order_num: 0 },
    );
    setEditing(row);
  };
  const save = async () => {
    // A refused field shows its message on the form; there is nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = { ...values, parent_id: values.parent_id ?? null };
    setSaving(true);
    try {
      redraw(
        editing
          ? await sysGoods.updateCategory({ ...input, id: editing.id })
          : await sysGoods.addCategory(input),
      );
      feedback.success(t('admin.catalogue.saved'));
      setEditing(undefined);
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };
  const remove = async (row: Row) => {
    try {
      redraw(await sysGoods.deleteCategory(row.id));
      feedback.success(t('admin.goods.categories.deleted'));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <>
      {may('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('admin.goods.categories.add')}
        </Button>
      )}
      <Table<Row>
        // Remounted once the tree arrives: rows start expanded only when first drawn with data.
        key={tree.data ? 'tree' : 'loading'}
        rowKey="id"
        size="middle"
        className="admin-table"
        loading={tree.isFetching}
        dataSource={rowsOf(tree.data ?? [])}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('admin.goods.categories.empty') }}
        columns={[
          { key: 'name', title: t('admin.goods.categories.name'), dataIndex: 'name' },
          { key: 'nameEn', title: t('admin.goods.categories.nameEn'), dataIndex: 'nameEn' },
          { key: 'order', title: t('admin.goods.categories.order'), dataIndex: 'orderNum' },
          {
            key: 'actions',
            title: t('admin.goods.columns.actions'),
            render: (_, row) => (
              <Space size={0} wrap>
                {may('add') && (
                  <Button type="link" onClick={() => open(null, row.id)}>
                    {t('admin.goods.categories.addChild')}
                  </Button>
                )}
                {may('update') && (
                  <Button type="link" onClick={() => open(row)}>
                    {t('admin.catalogue.edit')}
                  </Button>
                )}
                {may('delete') && (
                  <Popconfirm
                    title={t('admin.goods.categories.deleteConfirm', { name: row.name })}
                    onConfirm={() => remove(row)}
                  >
                    <Button type="link" danger>
                      {t('admin.goods.categories.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'admin.goods.categories.editTitle' : 'admin.goods.categories.addTitle')}
        okText={t('admin.catalogue.save')}
        okButtonProps={{ loading: saving }}
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        {/* Named, so its field ids (`category_name`) differ from other forms' on the page. */}
        <Form form={form} name="category" layout="vertical">
          <Form.Item name="parent_id" label={t('admin.goods.categories.parent')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('admin.goods.categories.top')}
              treeData={optionsOf(tree.data ?? [], editing?.id ?? null)}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.goods.categories.name')}
            rules={[{ required: true }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="name_en"
            label={t('admin.goods.categories.nameEn')}
            rules={[{ required: true }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="order_num"
            label={t('admin.goods.categories.order')}
            extra={t('admin.goods.categories.orderHint')}
          >
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
