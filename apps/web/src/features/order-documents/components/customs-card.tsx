import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { CopyOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMS_WEIGHT_MAX_G,
  type CustomsItem,
  HS_CODE_PATTERN,
  majorToMinor,
  minorToMajor,
  type OrderCustoms,
  PRINTABLE_ASCII,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useOrderCustoms, useSaveCustoms } from '../api/order-documents.ts';

/** The declaration currencies offered; amounts are entered in major units (two decimals). */
const CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'CAD', 'AUD'];

interface Row {
  item_id: number;
  name_en: string;
  name_cn: string;
  hs_code: string;
  value: number | null;
  currency: string;
  weight_g: number | null;
  origin_country: string;
}

const COPIED_FIELDS = [
  'name_en',
  'name_cn',
  'hs_code',
  'value',
  'currency',
  'weight_g',
  'origin_country',
] as const;

function toRow(item: CustomsItem): Row {
  return {
    item_id: item.item_id,
    name_en: item.name_en ?? '',
    name_cn: item.name_cn ?? '',
    hs_code: item.hs_code ?? '',
    value: item.value_minor === null ? null : minorToMajor(item.value_minor, item.currency),
    currency: item.currency,
    weight_g: item.weight_g,
    origin_country: item.origin_country,
  };
}

/** `items.2.value_minor` from the server → the form cell ['items', 2, 'value']. */
function cellOf(key: string): (string | number)[] {
  return key.split('.').map((part) => {
    if (/^\d+$/.test(part)) return Number(part);
    return part === 'value_minor' ? 'value' : part;
  });
}

/** One order's customs data: an editable table of its items, saved per order. */
export function CustomsCard({ orderId, canEdit }: { orderId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const result = useOrderCustoms(orderId);
  if (result.isError) {
    const notFound = isApiError(result.error) && result.error.status === 404;
    return (
      <Card size="small" title={`#${orderId}`}>
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          title={notFound ? t('orderDocuments.common.notFound') : result.error.message}
        />
      </Card>
    );
  }
  if (!result.data) return <Card size="small" loading title={`#${orderId}`} />;
  return <CustomsForm customs={result.data} canEdit={canEdit} />;
}

function CustomsForm({ customs, canEdit }: { customs: OrderCustoms; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ items: Row[] }>();
  const save = useSaveCustoms(customs.order_id);
  const editable = customs.editable && canEdit;
  const bySku = new Map(customs.items.map((i) => [i.item_id, i]));
  const k = (key: string) => t(`orderDocuments.customs.${key}` as 'orderDocuments.customs.save');
  const required = { required: true, message: k('required') };

  const copyFirst = () => {
    const items = form.getFieldValue('items') as Row[];
    if (items.length < 2) return;
    const first = items[0]!;
    form.setFieldsValue({
      items: items.map((row, n) =>
        n === 0 ? row : { ...row, ...Object.fromEntries(COPIED_FIELDS.map((f) => [f, first[f]])) },
      ),
    });
    feedback.info(k('copied'));
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      feedback.warning(k('fixErrors'));
      return;
    }
    // The whole store: item ids have no field of their own.
    const values = form.getFieldsValue(true) as { items: Row[] };
    try {
      await save.mutateAsync({
        id: customs.order_id,
        items: values.items.map((row) => ({
          item_id: row.item_id,
          name_en: row.name_en,
          name_cn: row.name_cn,
          hs_code: row.hs_code,
          value_minor: majorToMinor(row.value ?? 0, row.currency) ?? 0,
          currency: row.currency,
          weight_g: row.weight_g ?? 0,
          origin_country: row.origin_country,
        })),
      });
      feedback.success(t('orderDocuments.customs.saved', { number: customs.seller_order_id }));
    } catch (error) {
      const fields = isApiError(error) ? error.fields : null;
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([key, message]) => ({
            name: cellOf(key),
            errors: [message],
          })) as Parameters<typeof form.setFields>[0],
        );
        feedback.warning(k('fixErrors'));
      } else reportError(error);
    }
  };

  return (
    <Card
      size="small"
      className="order-docs-card"
      title={
        <Space>
          <span>
            {t('orderDocuments.common.orderNo')}: {customs.seller_order_id}
          </span>
          {customs.items.some((i) => !i.saved) && <Tag color="orange">{k('notSaved')}</Tag>}
        </Space>
      }
      extra={
        editable && (
          <Space>
            <Button icon={<CopyOutlined />} onClick={copyFirst} disabled={customs.items.length < 2}>
              {k('copyFirst')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              onClick={submit}
            >
              {k('save')}
            </Button>
          </Space>
        )
      }
    >
      {!customs.editable && (
        <Alert type="info" showIcon title={k('readOnly')} className="order-docs-alert" />
      )}
      <Form
        form={form}
        initialValues={{ items: customs.items.map(toRow) }}
        disabled={!editable}
        onFinish={submit}
        aria-label={customs.seller_order_id}
      >
        <Form.List name="items">
          {(fields) => (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              scroll={{ x: 1100 }}
              locale={{ emptyText: k('noItems') }}
              dataSource={fields}
              columns={[
                {
                  title: k('sku'),
                  key: 'sku',
                  width: 180,
                  render: (_, field) => {
                    const item = bySku.get(
                      (form.getFieldValue(['items', field.name, 'item_id']) as number) ?? 0,
                    );
                    return (
                      <div className="order-docs-sku">
                        <strong>{item?.sku}</strong>
                        <span>{item?.title}</span>
                        <span>
                          {k('quantity')}: {item?.quantity}
                        </span>
                      </div>
                    );
                  },
                },
                {
                  title: k('nameEn'),
                  key: 'name_en',
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'name_en']}
                      className="order-docs-cell"
                      rules={[
                        required,
                        { max: 100 },
                        { pattern: PRINTABLE_ASCII, message: 'ASCII' },
                      ]}
                    >
                      <Input aria-label={`${k('nameEn')} ${field.name + 1}`} maxLength={100} />
                    </Form.Item>
                  ),
                },
                {
                  title: k('nameCn'),
                  key: 'name_cn',
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'name_cn']}
                      className="order-docs-cell"
                      rules={[required, { max: 100 }]}
                    >
                      <Input aria-label={`${k('nameCn')} ${field.name + 1}`} maxLength={100} />
                    </Form.Item>
                  ),
                },
                {
                  title: k('hsCode'),
                  key: 'hs_code',
                  width: 130,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'hs_code']}
                      className="order-docs-cell"
                      rules={[required, { pattern: HS_CODE_PATTERN, message: '6–10 digits' }]}
                    >
                      <Input
                        aria-label={`${k('hsCode')} ${field.name + 1}`}
                        inputMode="numeric"
                        maxLength={10}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: k('value'),
                  key: 'value',
                  width: 190,
                  render: (_, field) => (
                    <Space.Compact>
                      <Form.Item
                        name={[field.name, 'value']}
                        className="order-docs-cell"
                        rules={[required, { type: 'number', min: 0.01, message: '> 0' }]}
                      >
                        <InputNumber
                          aria-label={`${k('value')} ${field.name + 1}`}
                          min={0}
                          precision={2}
                          style={{ width: 100 }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'currency']} className="order-docs-cell">
                        <Select
                          aria-label={`${k('currency')} ${field.name + 1}`}
                          style={{ width: 80 }}
                          options={CURRENCIES.map((c) => ({ value: c, label: c }))}
                        />
                      </Form.Item>
                    </Space.Compact>
                  ),
                },
                {
                  title: k('weight'),
                  key: 'weight_g',
                  width: 130,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'weight_g']}
                      className="order-docs-cell"
                      rules={[
                        required,
                        { type: 'number', min: 1, max: CUSTOMS_WEIGHT_MAX_G, message: '1–100000' },
                      ]}
                    >
                      <InputNumber
                        aria-label={`${k('weight')} ${field.name + 1}`}
                        min={1}
                        max={CUSTOMS_WEIGHT_MAX_G}
                        precision={0}
                        style={{ width: 110 }}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: k('origin'),
                  key: 'origin_country',
                  width: 90,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'origin_country']}
                      className="order-docs-cell"
                      rules={[required, { pattern: /^[A-Za-z]{2}$/, message: 'XX' }]}
                    >
                      <Input
                        aria-label={`${k('origin')} ${field.name + 1}`}
                        maxLength={2}
                        style={{ width: 60 }}
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
          )}
        </Form.List>
        <button type="submit" hidden />
      </Form>
    </Card>
  );
}
