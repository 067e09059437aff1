import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AddParamInput, formatTimestamp, PARAM_DATA_TYPES, type SysParam } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useZodRules } from '../../../shared/forms/zod-rule.ts';
import { consoleKeys, params } from '../api/console.ts';
import { confirmDelete } from '../components/console-helpers.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

type Values = Omit<AddParamInput, 'remark'> & { remark?: string | null };

/** The server's own parameters are named by an i18n key (`params.log.keep_days`). */
const paramName = (t: TFunction, p: SysParam) =>
  p.name.startsWith('params.') ? t(`admin.${p.name}`, { defaultValue: p.key }) : p.name;

/** A string value is edited as its text; other types as JSON. */
const editable = (p: SysParam): string => {
  if (p.dataType !== 'string') return p.value;
  const parsed: unknown = JSON.parse(p.value);
  return typeof parsed === 'string' ? parsed : p.value;
};

function ParamDialog({
  open,
  param,
  onClose,
}: {
  open: boolean;
  param: SysParam | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = useZodRules(AddParamInput);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      param
        ? {
            key: param.key,
            name: paramName(t, param),
            dataType: param.dataType,
            value: editable(param),
            remark: param.remark,
          }
        : { key: '', name: '', dataType: 'string', value: '', remark: null },
    );
  }, [open, param, form, t]);
  const submit = async () => {
    const v = await form.validateFields();
    // The server's own parameters keep their i18n key as their name.
    const input = {
      ...v,
      name: param?.system ? param.name : v.name,
      value: v.dataType === 'string' ? JSON.stringify(v.value) : v.value,
      remark: v.remark?.trim() || null,
    };
    setSaving(true);
    try {
      await (param ? params.update(input) : params.add(input));
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
      title={t(param ? 'admin.param.edit' : 'admin.param.add')}
      onCancel={() => onClose(false)}
      onOk={() => void submit()}
      okText={t('admin.console.save')}
      cancelText={t('admin.console.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="sys-param" layout="vertical">
        <Form.Item name="key" label={t('admin.param.key')} rules={rules('key')}>
          <Input maxLength={64} disabled={param !== null} />
        </Form.Item>
        <Form.Item name="name" label={t('admin.param.name')} rules={rules('name')}>
          <Input maxLength={64} disabled={param?.system ?? false} />
        </Form.Item>
        <Form.Item name="dataType" label={t('admin.param.type')} rules={rules('dataType')}>
          <Select
            disabled={param?.system ?? false}
            options={PARAM_DATA_TYPES.map((d) => ({
              value: d,
              label: t(`admin.param.types.${d}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('admin.param.value')}
          rules={rules('value')}
          extra={t('admin.param.valueHint')}
        >
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 1, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="remark" label={t('admin.console.remark')} rules={rules('remark')}>
          <Input maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /admin/sys/param: typed settings; the server's own keep their bounds and cannot be deleted. */
export function SysParamPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/param');
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [dialog, setDialog] = useState<SysParam | null | undefined>();
  const query = { ...paging, ...(keyword ? { keyword } : {}) };
  const list = useQuery({
    queryKey: consoleKeys.paramPage(query),
    queryFn: () => params.page(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.params });
  return (
    <Card
      title={t('admin.param.title')}
      extra={
        may('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog(null)}>
            {t('admin.param.add')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        style={{ maxWidth: 320, marginBottom: 16 }}
        placeholder={t('admin.param.searchPlaceholder')}
        enterButton={t('admin.console.search')}
        onSearch={(v) => {
          setKeyword(v.trim() || undefined);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Table<SysParam>
        rowKey="key"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.param.empty') }}
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
            title: t('admin.param.name'),
            render: (_, p) => (
              <Space>
                {paramName(t, p)}
                {p.system && <Tag color="blue">{t('admin.param.system')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'key',
            title: t('admin.param.key'),
            render: (_, p) => <Typography.Text code>{p.key}</Typography.Text>,
          },
          {
            key: 'type',
            title: t('admin.param.type'),
            render: (_, p) => t(`admin.param.types.${p.dataType}`),
          },
          {
            key: 'value',
            title: t('admin.param.value'),
            render: (_, p) => (
              <Typography.Text ellipsis style={{ maxWidth: 240 }}>
                {editable(p)}
              </Typography.Text>
            ),
          },
          { key: 'remark', title: t('admin.console.remark'), render: (_, p) => p.remark ?? '' },
          {
            key: 'updated',
            title: t('admin.console.updatedAt'),
            render: (_, p) => formatTimestamp(p.updateTime),
          },
          {
            key: 'actions',
            title: t('admin.console.actions'),
            render: (_, p) => (
              <Space size={0}>
                {may('update') && (
                  <Button type="link" size="small" onClick={() => setDialog(p)}>
                    {t('admin.console.edit')}
                  </Button>
                )}
                {may('delete') && !p.system && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      confirmDelete(t, p.key, async () => {
                        await params.remove([p.key]);
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
      <ParamDialog
        open={dialog !== undefined}
        param={dialog ?? null}
        onClose={(saved) => {
          setDialog(undefined);
          if (saved) refresh();
        }}
      />
    </Card>
  );
}
