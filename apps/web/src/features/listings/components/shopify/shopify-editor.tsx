import { useEffect } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  majorToMinor,
  minorToMajor,
  SHOPIFY_PRODUCT_STATUSES,
  type Listing,
  type ShopifyProductStatus,
} from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import { feedback } from '../../../../shared/feedback.ts';
import { useListingMutation } from '../../api/listings.ts';
import { shopifyApi } from '../../api/shopify.ts';
import { StatusTag } from '../status-tag.tsx';
import { ShopifyCategoryPicker } from './category-picker.tsx';
import { readableRemoteId } from '../../../../shared/remote-id.ts';

interface Values {
  vendor: string;
  market_category_id: string;
  tags: string;
  status: ShopifyProductStatus;
  title: string;
  describe: string;
  items: Array<{ price: number | null; quantity: number | null; product_id: string }>;
}

const valuesOf = (l: Listing): Values => ({
  vendor: l.brand,
  market_category_id: l.market_category_id,
  tags: l.keywords,
  status: l.attributes.status === 'DRAFT' ? 'DRAFT' : 'ACTIVE',
  title: l.title,
  describe: l.describe,
  items: l.items.map((i) => ({
    price: i.price_minor > 0 ? minorToMajor(i.price_minor, l.currency) : null,
    quantity: i.quantity,
    product_id: i.product_id,
  })),
});

/** What step-all saves from the form: the Shopify step, the variants and the texts. */
function inputOf(l: Listing, v: Values) {
  return {
    id: l.id,
    shopify: {
      vendor: v.vendor,
      market_category_id: v.market_category_id,
      tags: v.tags,
      status: v.status,
    },
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
        product_id: v.items[i]?.product_id ?? '',
        image: item.image,
      })),
    },
    step4: {
      title: v.title,
      describe: v.describe,
      custom_describe: l.custom_describe,
      images: l.images,
    },
  };
}

/**
 * The Shopify listing editor: Shopify's own fields (vendor, taxonomy category, tags, status),
 * the variants (price, stock, barcode per SKU) and the texts, with the pre-publish report.
 */
export function ShopifyEditor({
  id,
  onClose,
  onPublish,
}: {
  id: number;
  onClose: () => void;
  onPublish: (listing: Listing) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const listing = shopifyApi.useListing(id);
  const report = shopifyApi.useCompliance(id);
  const save = useListingMutation(shopifyApi.save);
  const l = listing.data;

  useEffect(() => {
    if (l) form.setFieldsValue(valuesOf(l));
  }, [l, form]);

  const submit = async (publish: boolean) => {
    if (!l) return;
    const values = await form.validateFields();
    try {
      const { results } = await save.mutateAsync({ list: [inputOf(l, values)] });
      const result = results[0]!;
      if (!result.ok) {
        feedback.error(result.message ?? '');
        return;
      }
      feedback.success(t('shopifyListings.editor.saved'));
      if (publish) onPublish(l);
    } catch (error) {
      reportError(error, form);
    }
  };

  const errors = report.data?.findings ?? [];
  return (
    <Drawer
      open
      width={880}
      title={t('shopifyListings.editor.title')}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={() => void submit(false)} loading={save.isPending}>
            {t('shopifyListings.editor.save')}
          </Button>
          <Button type="primary" onClick={() => void submit(true)} loading={save.isPending}>
            {t('shopifyListings.editor.saveAndPublish')}
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
          name="shopify-listing"
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
          <Typography.Title level={5}>{t('shopifyListings.editor.basics')}</Typography.Title>
          <div className="shopify-editor__grid">
            <Form.Item name="vendor" label={t('shopifyListings.editor.vendor')}>
              <Input maxLength={255} />
            </Form.Item>
            <Form.Item
              name="market_category_id"
              label={t('shopifyListings.editor.category')}
              extra={t('shopifyListings.editor.categoryHint')}
            >
              <ShopifyCategoryPicker marketId={l.market_id} />
            </Form.Item>
            <Form.Item
              name="tags"
              label={t('shopifyListings.editor.tags')}
              extra={t('shopifyListings.editor.tagsHint')}
            >
              <Input maxLength={2000} />
            </Form.Item>
            <Form.Item name="status" label={t('shopifyListings.editor.status')}>
              <Radio.Group
                options={SHOPIFY_PRODUCT_STATUSES.map((s) => ({
                  value: s,
                  label: t(`shopifyListings.editor.statuses.${s}`),
                }))}
              />
            </Form.Item>
          </div>
          <Typography.Title level={5}>{t('shopifyListings.editor.texts')}</Typography.Title>
          <Form.Item
            name="title"
            label={t('shopifyListings.editor.title_')}
            rules={[{ required: true, message: t('shopifyListings.editor.title_') }]}
          >
            <Input maxLength={255} showCount />
          </Form.Item>
          <Form.Item name="describe" label={t('shopifyListings.editor.describe')}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Typography.Title level={5}>{t('shopifyListings.editor.variants')}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={l.items}
            columns={[
              {
                key: 'image',
                width: 56,
                render: (_, item) =>
                  item.image ? (
                    <img className="shopify-editor__thumb" src={item.image} alt="" />
                  ) : null,
              },
              { title: t('listings.columns.sku'), dataIndex: 'sku', key: 'sku' },
              {
                title: t('shopifyListings.editor.option'),
                key: 'option',
                render: (_, item) => Object.values(item.variation).join(' / ') || '—',
              },
              {
                title: t('shopifyListings.editor.price', { currency: l.currency }),
                key: 'price',
                width: 130,
                render: (_, _item, i) => (
                  <Form.Item name={['items', i, 'price']} noStyle>
                    <InputNumber
                      aria-label={`${t('shopifyListings.editor.price', { currency: l.currency })} ${i + 1}`}
                      min={0}
                      step={0.01}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('shopifyListings.editor.quantity'),
                key: 'quantity',
                width: 110,
                render: (_, _item, i) => (
                  <Form.Item name={['items', i, 'quantity']} noStyle>
                    <InputNumber
                      aria-label={`${t('shopifyListings.editor.quantity')} ${i + 1}`}
                      min={0}
                      precision={0}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('shopifyListings.editor.barcode'),
                key: 'barcode',
                width: 170,
                render: (_, _item, i) => (
                  <Form.Item name={['items', i, 'product_id']} noStyle>
                    <Input placeholder={t('shopifyListings.editor.barcodeHint')} maxLength={14} />
                  </Form.Item>
                ),
              },
            ]}
          />
          <Typography.Title level={5}>{t('shopifyListings.editor.compliance')}</Typography.Title>
          {report.data?.ok && errors.length === 0 ? (
            <Alert type="success" showIcon title={t('shopifyListings.editor.ok')} />
          ) : (
            <ul className="listings-issues">
              {errors.map((f, i) => (
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
