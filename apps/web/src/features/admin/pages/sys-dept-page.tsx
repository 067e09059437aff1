import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, TreeSelect } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AddDepartmentInput, type Department } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { consoleKeys, depts } from '../api/console.ts';
import {
  confirmDelete,
  deptTree,
  deptTreeData,
  type DeptNode,
} from '../components/console-helpers.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

type Row = Omit<DeptNode, 'children'> & { children?: Row[] };
const rowsOf = (nodes: readonly DeptNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children.length ? { ...n, children: rowsOf(children) } : n));

interface Values {
  name: string;
  parentId: number | null;
  orderNum: number;
}

/** Add or edit a department: name, parent and place. */
function DeptDialog({
  open,
  dept,
  parentId,
  tree,
  onClose,
}: {
  open: boolean;
  dept: Department | null;
  parentId: number | null;
  tree: DeptNode[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(AddDepartmentInput);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        name: dept?.name ?? '',
        parentId: dept ? dept.parentId : parentId,
        orderNum: dept?.orderNum ?? 0,
      });
  }, [open, dept, parentId, form]);
  const submit = async () => {
    const values = await form.validateFields();
    const input = { ...values, parentId: values.parentId ?? null };
    setSaving(true);
    try {
      await (dept ? depts.update({ id: dept.id, ...input }) : depts.add(input));
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
      title={t(dept ? 'admin.dept.edit' : 'admin.dept.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="sys-dept" layout="vertical">
        <Form.Item name="name" label={t('admin.dept.name')} rules={rules('name')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parentId" label={t('admin.dept.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={t('admin.dept.topLevel')}
            treeData={deptTreeData(tree)}
          />
        </Form.Item>
        <Form.Item name="orderNum" label={t('admin.dept.order')} rules={rules('orderNum')}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/sys/dept: the operators' departments as a tree; add, edit, reorder, delete. */
export function SysDeptPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/dept');
  const list = useQuery({ queryKey: consoleKeys.depts, queryFn: depts.list });
  const tree = useMemo(() => deptTree(list.data), [list.data]);
  const rows = useMemo(() => rowsOf(tree), [tree]);
  const [dialog, setDialog] = useState<{ dept: Department | null; parentId: number | null }>();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.depts });

  /** Swaps a department with its neighbour among its siblings (`sys/department/order`). */
  const move = async (dept: Department, step: -1 | 1) => {
    const siblings = (list.data ?? [])
      .filter((d) => d.parentId === dept.parentId)
      .sort((a, b) => a.orderNum - b.orderNum || a.id - b.id);
    const at = siblings.findIndex((d) => d.id === dept.id);
    const other = siblings[at + step];
    if (!other) return;
    [siblings[at], siblings[at + step]] = [other, dept];
    try {
      client.setQueryData(
        consoleKeys.depts,
        await depts.order(
          siblings.map((d, i) => ({ id: d.id, parentId: d.parentId, orderNum: i })),
        ),
      );
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Card
      title={t('admin.dept.title')}
      extra={
        may('add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ dept: null, parentId: null })}
          >
            {t('admin.dept.add')}
          </Button>
        )
      }
    >
      <Table<Row>
        key={rows.length}
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: t('admin.dept.empty') }}
        columns={[
          { key: 'name', title: t('admin.dept.name'), dataIndex: 'name' },
          { key: 'users', title: t('admin.dept.users'), dataIndex: 'userCount', width: 120 },
          { key: 'order', title: t('admin.dept.order'), dataIndex: 'orderNum', width: 100 },
          {
            key: 'actions',
            title: t('admin.console.actions'),
            width: 340,
            render: (_, row) => (
              <Space size={0} wrap>
                {may('order') && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('admin.dept.up')}
                      onClick={() => void move(row, -1)}
                    />
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('admin.dept.down')}
                      onClick={() => void move(row, 1)}
                    />
                  </>
                )}
                {may('add') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ dept: null, parentId: row.id })}
                  >
                    {t('admin.dept.addChild')}
                  </Button>
                )}
                {may('update') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setDialog({ dept: row, parentId: row.parentId })}
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
                      confirmDelete(t, row.name, async () => {
                        await depts.remove([row.id]);
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
      <DeptDialog
        open={dialog !== undefined}
        dept={dialog?.dept ?? null}
        parentId={dialog?.parentId ?? null}
        tree={tree}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
