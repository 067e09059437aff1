import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Factory, SysFactoryInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { catalogueKeys, sysGoods } from '../api/catalogue.ts';
import { useOperatorCan } from './operator-can.tsx';

/** The factories and warehouses products are produced at: list, add, rename. */
export function FactoriesPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/goods');
  const list = useQuery({ queryKey: catalogueKeys.factories, queryFn: sysGoods.factories });
  // undefined: closed; null: a new factory.
  const [editing, setEditing] = useState<Factory | null | undefined>(undefined);
  const [form] = Form.useForm<SysFactoryInput>();
  const [saving, setSaving] = useState(false);

  const open = (factory: Factory | null) => {
    form.setFieldsValue(factory ?? { code: '', name: '', name_en: '' });
    setEditing(factory);
  };
  const save = async () => {
    // A refused field shows its message on the form; there is nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await (editing
        ? sysGoods.updateFactory({ ...values, id: editing.id })
        : sysGoods.addFactory(values));
      feedback.success(t('admin.catalogue.saved'));
      setEditing(undefined);
      void client.invalidateQueries({ queryKey: catalogueKeys.factories });
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {may('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('admin.goods.factories.add')}
        </Button>
      )}
      <Table<Factory>
        rowKey="id"
        size="middle"
        className="admin-table"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'code', title: t('admin.goods.factories.code'), dataIndex: 'code' },
          {
            key: 'name',
            title: t('admin.goods.factories.name'),
            render: (_, f) => (
              <Space>
                {f.name}
                {f.is_default && <Tag color="blue">{t('admin.goods.factories.default')}</Tag>}
              </Space>
            ),
          },
          { key: 'name_en', title: t('admin.goods.factories.nameEn'), dataIndex: 'name_en' },
          {
            key: 'actions',
            title: t('admin.goods.columns.actions'),
            render: (_, f) =>
              may('update') && (
                <Button type="link" onClick={() => open(f)}>
                  {t('admin.catalogue.edit')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'admin.goods.factories.editTitle' : 'admin.goods.factories.addTitle')}
        okText={t('admin.catalogue.save')}
        okButtonProps={{ loading: saving }}
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        {/* Named, so its field ids (`factory_name`) differ from other forms' on the page. */}
        <Form form={form} name="factory" layout="vertical">
          <Form.Item
            name="code"
            label={t('admin.goods.factories.code')}
            rules={[{ required: true }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('admin.goods.factories.name')}
            rules={[{ required: true }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="name_en" label={t('admin.goods.factories.nameEn')}>
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
