import { useEffect } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  majorToMinor,
  MARKETPLACE_NAMES,
  minorToMajor,
  type Listing,
  type MarketStepAllInput,
} from '@app/shared';
import { api as client } from '../../../../api/client.ts';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { useListingMutation } from '../../api/listings.ts';
import type { MarketListingApi } from '../../api/market-listings.ts';
import { StatusTag } from '../status-tag.tsx';
import { CategoryCascader } from './category-cascader.tsx';
import { readableRemoteId } from '../../../../shared/remote-id.ts';

interface Values {
  market_category_id: string;
  attributes: Record<string, string>;
  title: string;
  describe: string;
  items: Array<{ price: number | null; quantity: number | null }>;
  /** Shopee only. */
  brand?: string;
  days_to_ship?: number;
  weight?: number;
  package_length?: number;
  package_width?: number;
  package_height?: number;
  logistics?: string;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

const valuesOf = (l: Listing): Values => ({
  market_category_id: l.market_category_id,
  attributes: Object.fromEntries(
    Object.entries(l.attributes)
      .filter(([, v]) => typeof v === 'string')
      .map(([k, v]) => [k, String(v)]),
  ),
  title: l.title,
  describe: l.describe,
  items: l.items.map((i) => ({
    price: i.price_minor > 0 ? minorToMajor(i.price_minor, l.currency) : null,
    quantity: i.quantity,
  })),
  brand: l.brand,
  days_to_ship: num(l.attributes.days_to_ship, 2),
  weight: num(l.attributes.weight, 0.3),
  package_length: num(l.attributes.package_length, 20),
  package_width: num(l.attributes.package_width, 15),
  package_height: num(l.attributes.package_height, 5),
  logistics: typeof l.attributes.logistics === 'string' ? l.attributes.logistics : '',
});

/** The category, the SKUs and the texts, as `update/step-all` takes them. */
function stepAllOf(l: Listing, v: Values): MarketStepAllInput['list'][number] {
  const attributes = Object.fromEntries(
    Object.entries(v.attributes ?? {}).filter(([, value]) => value !== undefined && value !== ''),
  );
  return {
    id: l.id,
    ...(v.market_category_id
      ? { category: { market_category_id: v.market_category_id, attributes } }
      : {}),
    step3: {
      is_variation: l.is_variation,
      variation_theme: l.variation_theme,
      parent_sku: l.parent_sku,
      show_variation_theme: l.show_variation_theme,
      items: l.items.map((item, i) => ({
        id: item.id,
        sku: item.sku,
        price_minor: majorToMinor(v.items[i]?.price ?? null, l.currency) ?? 0,
        quantity: v.items[i]?.quantity ?? 0,
        variation: item.variation,
        product_id: item.product_id,
        image: item.image,
      })),
    },
    step4: {
      title: v.title,
      describe: v.describe,
      custom_describe: l.custom_describe,
      bullet_points: l.bullet_points,
      images: l.images,
    },
  };
}

/** Shopee's step 1 and step 4 fields the step-all input has no place for. */
async function saveShopeeFields(l: Listing, v: Values) {
  await client.post('/shopee/goods/update/step1', {
    id: l.id,
    brand: v.brand ?? '',
    days_to_ship: v.days_to_ship ?? 2,
  });
  await client.post('/shopee/goods/update/step4', {
    id: l.id,
    name: v.title,
    description: v.describe,
    logistics: (v.logistics ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
    weight: v.weight,
    package_length: v.package_length,
    package_width: v.package_width,
    package_height: v.package_height,
  });
}

/**
 * The Temu and Shopee listing editor: the leaf category with the attributes its template
 * requires, the SKUs (price and stock each), the texts, and for Shopee the logistics, weight
 * and package sizes; with the pre-publish report.
 */
export function MarketEditor({
  api,
  id,
  onClose,
  onPublish,
}: {
  api: MarketListingApi<MarketStepAllInput>;
  id: number;
  onClose: () => void;
  onPublish: (listing: Listing) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const listing = api.useListing(id);
  const report = api.useCompliance(id);
  const shopee = api.market === 'shopee';
  const save = useListingMutation(async (values: Values) => {
    const l = listing.data!;
    const { results } = await api.save({ list: [stepAllOf(l, values)] });
    if (results[0]?.ok && shopee) await saveShopeeFields(l, values);
    return results[0]!;
  });
  const l = listing.data;
  const categoryId = Form.useWatch('market_category_id', form) ?? l?.market_category_id ?? '';
  const attributes = api.useAttributes(l?.market_id ?? null, categoryId);

  useEffect(() => {
    if (l) form.setFieldsValue(valuesOf(l));
  }, [l, form]);

  const submit = async (publish: boolean) => {
    if (!l) return;
    const values = await form.validateFields();
    try {
      const result = await save.mutateAsync(values);
      if (!result.ok) {
        if (result.fields) {
          // step-all names fields by their part (`category.attributes.Fit`); the form has no parts.
          form.setFields(
            Object.entries(result.fields).map(([name, error]) => ({
              name: name.replace(/^(category|step4)\./, '').split('.') as never,
              errors: [error],
            })),
          );
        }
        feedback.error(result.message ?? '');
        return;
      }
      feedback.success(t('marketEditor.saved'));
      if (publish) onPublish(l);
    } catch (error) {
      reportError(error, form);
    }
  };

  const findings = report.data?.findings ?? [];
  return (
    <Drawer
      open
      width={880}
      title={t('marketEditor.title', { name: MARKETPLACE_NAMES[api.market] })}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={() => void submit(false)} loading={save.isPending}>
            {t('marketEditor.save')}
          </Button>
          <Button type="primary" onClick={() => void submit(true)} loading={save.isPending}>
            {t('marketEditor.saveAndPublish')}
          </Button>
        </Space>
      }
    >
      {!l ? (
        <Spin />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name={`${api.market}-listing`}
          className="shopify-editor"
        >
          <Space className="shopify-editor__head" wrap>
            <StatusTag status={l.status} changed={l.changed} />
            <Typography.Text type="secondary">
              {l.store_alias} · {l.parent_sku}
            </Typography.Text>
            {l.remote_id && (
              <Typography.Text type="secondary" copyable>
                {readableRemoteId(l.remote_id)}
              </Typography.Text>
            )}
          </Space>
          <Form.Item
            name="market_category_id"
            label={t('marketEditor.category')}
            extra={t('marketEditor.categoryHint')}
          >
            <CategoryCascader marketId={l.market_id} load={api.loadCategories} leafOnly />
          </Form.Item>
          <Typography.Title level={5}>{t('marketEditor.attributes')}</Typography.Title>
          {!categoryId ? (
            <Typography.Text type="secondary">{t('marketEditor.attributesEmpty')}</Typography.Text>
          ) : (
            <div className="shopify-editor__grid">
              {(attributes.data?.attributes ?? []).map((a) => (
                <Form.Item
                  key={a.name}
                  name={['attributes', a.name]}
                  label={a.label}
                  rules={a.required ? [{ required: true, message: a.label }] : []}
                >
                  {a.options ? (
                    <Select
                      allowClear
                      options={a.options.map((o, i) => ({
                        value: o,
                        label: a.option_names?.[i] ?? o,
                      }))}
                    />
                  ) : (
                    <Input maxLength={100} />
                  )}
                </Form.Item>
              ))}
            </div>
          )}
          {shopee && (
            <div className="shopify-editor__grid">
              <Form.Item name="brand" label={t('marketEditor.brand')}>
                <Input maxLength={255} />
              </Form.Item>
              <Form.Item name="days_to_ship" label={t('marketEditor.daysToShip')}>
                <InputNumber min={1} max={30} precision={0} />
              </Form.Item>
            </div>
          )}
          <Typography.Title level={5}>{t('marketEditor.texts')}</Typography.Title>
          <Form.Item
            name="title"
            label={t('marketEditor.title_')}
            rules={[{ required: true, message: t('marketEditor.title_') }]}
          >
            <Input maxLength={500} showCount />
          </Form.Item>
          <Form.Item name="describe" label={t('marketEditor.describe')}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Typography.Title level={5}>{t('marketEditor.variants')}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={l.items}
            columns={[
              { title: t('listings.columns.sku'), dataIndex: 'sku', key: 'sku' },
              {
                title: t('marketEditor.option'),
                key: 'option',
                render: (_, item) => Object.values(item.variation).join(' / ') || '—',
              },
              {
                title: t('marketEditor.price', { currency: l.currency }),
                key: 'price',
                width: 140,
                render: (_, _item, i) => (
                  <Form.Item name={['items', i, 'price']} noStyle>
                    <InputNumber
                      aria-label={`${t('marketEditor.price', { currency: l.currency })} ${i + 1}`}
                      min={0}
                      step={0.01}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('marketEditor.quantity'),
                key: 'quantity',
                width: 120,
                render: (_, _item, i) => (
                  <Form.Item name={['items', i, 'quantity']} noStyle>
                    <InputNumber
                      aria-label={`${t('marketEditor.quantity')} ${i + 1}`}
                      min={0}
                      precision={0}
                    />
                  </Form.Item>
                ),
              },
            ]}
          />
          {shopee && (
            <>
              <Typography.Title level={5}>{t('marketEditor.shipping')}</Typography.Title>
              <div className="shopify-editor__grid">
                <Form.Item name="weight" label={t('marketEditor.weight')}>
                  <InputNumber min={0.01} step={0.1} />
                </Form.Item>
                <Form.Item name="package_length" label={t('marketEditor.length')}>
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item name="package_width" label={t('marketEditor.width')}>
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item name="package_height" label={t('marketEditor.height')}>
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item
                  name="logistics"
                  label={t('marketEditor.logistics')}
                  extra={t('marketEditor.logisticsHint')}
                >
                  <Input />
                </Form.Item>
              </div>
            </>
          )}
          <Typography.Title level={5}>{t('marketEditor.compliance')}</Typography.Title>
          {report.data?.ok && findings.length === 0 ? (
            <Alert type="success" showIcon title={t('marketEditor.ok')} />
          ) : (
            <ul className="listings-issues">
              {findings.map((f, i) => (
                <li key={`${f.rule}-${i}`}>
                  <Typography.Text type={f.severity === 'error' ? 'danger' : 'warning'}>
                    {f.message}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Form>
      )}
    </Drawer>
  );
}
