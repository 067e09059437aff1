import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoney, majorToMinor, minorToMajor, type SysLevel } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { catalogueKeys, sysLevels } from '../api/catalogue.ts';
import { useOperatorCan } from '../components/operator-can.tsx';

interface Values {
  name: string;
  name_en: string;
  order_num: number;
  price: number;
  duration_days: number;
  discount_percent: number;
}

/** /admin/sys/level: member levels with the price sellers pay and the discount checkout gives. */
export function SysLevelPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/level');
  const list = useQuery({ queryKey: catalogueKeys.levels, queryFn: sysLevels.list });
  // undefined: closed; null: a new level.
  const [editing, setEditing] = useState<SysLevel | null | undefined>(undefined);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const money = (minor: number) => formatMoney(minor, 'CNY', currentLanguage());

  const open = (level: SysLevel | null) => {
    const next = (list.data ?? []).reduce((n, l) => Math.max(n, l.order_num + 1), 0);
    form.setFieldsValue(
      level
        ? { ...level, price: minorToMajor(level.price_minor, 'CNY') }
        : {
            name: '',
            name_en: '',
            order_num: next,
            price: 0,
            duration_days: 365,
            discount_percent: 0,
          },
    );
    setEditing(level);
  };
  const save = async () => {
    const { price, ...values } = await form.validateFields();
    const input = { ...values, price_minor: majorToMinor(price, 'CNY') ?? 0 };
    setSaving(true);
    try {
      await (editing ? sysLevels.update({ ...input, id: editing.id }) : sysLevels.add(input));
      feedback.success(t('admin.catalogue.saved'));
      setEditing(undefined);
      void client.invalidateQueries({ queryKey: catalogueKeys.levels });
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('admin.levels.title')}
      extra={
        may('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t('admin.levels.add')}
          </Button>
        )
      }
    >
      <Table<SysLevel>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'order', title: t('admin.levels.columns.order'), dataIndex: 'order_num' },
          { key: 'name', title: t('admin.levels.columns.name'), dataIndex: 'name' },
          { key: 'name_en', title: t('admin.levels.columns.nameEn'), dataIndex: 'name_en' },
          {
            key: 'price',
            title: t('admin.levels.columns.price'),
            align: 'right',
            render: (_, l) => money(l.price_minor),
          },
          {
            key: 'duration',
            title: t('admin.levels.columns.duration'),
            dataIndex: 'duration_days',
          },
          {
            key: 'discount',
            title: t('admin.levels.columns.discount'),
            render: (_, l) => t('admin.levels.percent', { value: l.discount_percent }),
          },
          { key: 'sellers', title: t('admin.levels.columns.sellers'), dataIndex: 'seller_count' },
          {
            key: 'actions',
            title: t('admin.levels.columns.actions'),
            render: (_, l) =>
              may('update') && (
                <Button type="link" onClick={() => open(l)}>
                  {t('admin.catalogue.edit')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'admin.levels.editTitle' : 'admin.levels.addTitle')}
        okText={t('admin.catalogue.save')}
        okButtonProps={{ loading: saving }}
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('admin.levels.columns.name')}
            rules={[{ required: true }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="name_en"
            label={t('admin.levels.columns.nameEn')}
            rules={[{ required: true }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="order_num" label={t('admin.levels.columns.order')}>
            <InputNumber min={0} max={1000} precision={0} disabled={!!editing} />
          </Form.Item>
          <Form.Item name="price" label={t('admin.levels.price')} rules={[{ required: true }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="duration_days"
            label={t('admin.levels.columns.duration')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="discount_percent"
            label={t('admin.levels.discount')}
            extra={t('admin.levels.discountHint')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={90} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
