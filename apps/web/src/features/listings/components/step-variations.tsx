import { useState } from 'react';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Popover,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { CalculatorOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type Listing, type ListingInfo, type PlanSale } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { planSale, usePricingTemplateOptions, useSourceProduct } from '../api/listings.ts';
import type { EditorValues, ItemValues } from '../editor-form.ts';
import { issueExtra, type IssuesFor } from './field-issues.tsx';
import { Breakdown, ItemImage, ItemMargin } from './variation-cells.tsx';

/**
 * Step 3: variation theme, parent SKU and the child items. A pricing template prices every item
 * from its finished SKU's cost, each price with its breakdown; an empty UPC is taken at publish.
 */
export function StepVariations({
  listing,
  info,
  issuesFor,
}: {
  listing: Listing;
  info: ListingInfo | undefined;
  issuesFor: IssuesFor;
}) {
  const { t, i18n } = useTranslation();
  // Variation columns are the marketplace's attribute names (`color`): known ones are named in
  // the reader's language, a column the seller typed shows as typed.
  const attributeName = (attr: string) => {
    const key = `listings.editor.variations.attributes.${attr.toLowerCase()}`;
    return i18n.exists(key) ? String(t(key as never)) : attr;
  };
  const form = Form.useFormInstance<EditorValues>();
  const isVariation = Form.useWatch('is_variation', form) as boolean | undefined;
  const columns = (Form.useWatch('show_variation_theme', form) as string[] | undefined) ?? [];
  const templates = usePricingTemplateOptions();
  const product = useSourceProduct(listing.goods_id);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [plans, setPlans] = useState<Record<number, PlanSale>>({});
  const [pricing, setPricing] = useState(false);
  const currency = listing.currency;

  /** Prices every item that came from a finished SKU; items added by hand keep theirs. */
  const applyTemplate = async () => {
    if (templateId === null || !product.data) return;
    setPricing(true);
    try {
      const items = (form.getFieldValue('items') as ItemValues[]) ?? [];
      const costs = new Map(product.data.skus.map((s) => [s.id, s.costMinor]));
      const next: Record<number, PlanSale> = {};
      const updated = await Promise.all(
        items.map(async (item, index) => {
          const source = listing.items.find((i) => i.id === item.id)?.finished_sku_id;
          const cost = source === null || source === undefined ? undefined : costs.get(source);
          if (cost === undefined) return item;
          const plan = await planSale({
            template_id: templateId,
            cost_minor: cost,
            site: listing.site_id,
          });
          next[index] = plan;
          return { ...item, price: Number(plan.price) };
        }),
      );
      form.setFieldValue('items', updated);
      setPlans(next);
      feedback.success(
        t('listings.editor.variations.repriced', { count: Object.keys(next).length }),
      );
    } catch (error) {
      reportError(error);
    } finally {
      setPricing(false);
    }
  };

  return (
    <div className="listings-step" data-testid="step-variations">
      <div className="listings-template-grid">
        <Form.Item
          name="is_variation"
          label={t('listings.editor.variations.isVariation')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="parent_sku"
          label={t('listings.editor.variations.parentSku')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('listings.editor.variations.parentSkuRequired'),
            },
          ]}
          extra={issueExtra(issuesFor, 'parent_sku')}
        >
          <Input maxLength={64} />
        </Form.Item>
        {isVariation && (
          <Form.Item
            name="variation_theme"
            label={t('listings.editor.variations.theme')}
            extra={issueExtra(issuesFor, 'variation_theme')}
          >
            <Select
              allowClear
              showSearch
              options={(info?.variation_themes ?? []).map((v) => ({ value: v, label: v }))}
            />
          </Form.Item>
        )}
        {isVariation && (
          <Form.Item name="show_variation_theme" label={t('listings.editor.variations.columns')}>
            <Select
              mode="tags"
              maxCount={5}
              options={['color', 'size', 'style', 'material', 'pattern'].map((value) => ({
                value,
                label: attributeName(value),
              }))}
            />
          </Form.Item>
        )}
      </div>
      <Space wrap className="listings-reprice">
        <Typography.Text>{t('listings.editor.variations.reprice')}</Typography.Text>
        <Select<number>
          aria-label={t('listings.editor.variations.reprice')}
          style={{ minWidth: 200 }}
          allowClear
          placeholder={t('listings.create.pricing')}
          value={templateId ?? undefined}
          onChange={(value) => setTemplateId(value ?? null)}
          options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
        />
        <Button
          icon={<CalculatorOutlined />}
          disabled={templateId === null || !product.data}
          loading={pricing}
          onClick={() => void applyTemplate()}
        >
          {t('listings.editor.variations.applyPricing')}
        </Button>
        <Typography.Text type="secondary">
          {t('listings.editor.variations.repriceHint')}
        </Typography.Text>
      </Space>
      {issuesFor('items').length > 0 && <div>{issueExtra(issuesFor, 'items')}</div>}
      <Form.List name="items">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              scroll={{ x: 1280 }}
              dataSource={fields}
              columns={[
                {
                  key: 'sku',
                  title: t('listings.editor.variations.sku'),
                  width: 220,
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'sku']}
                      noStyle={false}
                      className="listings-cell"
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('listings.editor.variations.skuRequired'),
                        },
                      ]}
                    >
                      <Input maxLength={64} aria-label={t('listings.editor.variations.sku')} />
                    </Form.Item>
                  ),
                },
                ...(isVariation ? columns : []).map((attr) => ({
                  key: `v-${attr}`,
                  title: attributeName(attr),
                  width: 120,
                  render: (_: unknown, field: { name: number }) => (
                    <Form.Item name={[field.name, 'variation', attr]} className="listings-cell">
                      <Input maxLength={100} aria-label={attributeName(attr)} />
                    </Form.Item>
                  ),
                })),
                {
                  key: 'price',
                  title: t('listings.editor.variations.price', { currency }),
                  width: 170,
                  render: (_, field) => (
                    <Space size={4} align="start">
                      <Form.Item
                        name={[field.name, 'price']}
                        className="listings-cell"
                        rules={[
                          {
                            required: true,
                            message: t('listings.editor.variations.priceRequired'),
                          },
                        ]}
                      >
                        <InputNumber
                          min={0}
                          step={0.01}
                          aria-label={t('listings.editor.variations.price', { currency })}
                        />
                      </Form.Item>
                      {plans[field.name] && (
                        <Popover
                          title={t('listings.editor.variations.breakdown')}
                          content={<Breakdown plan={plans[field.name]!} />}
                        >
                          <Button
                            type="text"
                            size="small"
                            icon={<CalculatorOutlined />}
                            aria-label={t('listings.editor.variations.breakdown')}
                          />
                        </Popover>
                      )}
                    </Space>
                  ),
                },
                {
                  key: 'margin',
                  title: t('listings.editor.variations.marginTitle'),
                  width: 130,
                  render: (_, field) => <ItemMargin index={field.name} listing={listing} />,
                },
                {
                  key: 'quantity',
                  title: t('listings.editor.variations.quantity'),
                  width: 110,
                  render: (_, field) => (
                    <Form.Item name={[field.name, 'quantity']} className="listings-cell">
                      <InputNumber
                        min={0}
                        precision={0}
                        aria-label={t('listings.editor.variations.quantity')}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'product_id',
                  title: t('listings.editor.variations.productId'),
                  render: (_, field) => (
                    <Form.Item
                      name={[field.name, 'product_id']}
                      className="listings-cell"
                      extra={issueExtra(issuesFor, `items.${field.name}.product_id`)}
                    >
                      <Input
                        maxLength={14}
                        placeholder={t('listings.editor.variations.assignedAtPublish')}
                        aria-label={t('listings.editor.variations.productId')}
                      />
                    </Form.Item>
                  ),
                },
                {
                  key: 'image',
                  title: t('listings.editor.variations.image'),
                  width: 110,
                  render: (_, field) => (
                    <Form.Item name={[field.name, 'image']} className="listings-cell">
                      <ItemImage goodsId={listing.goods_id} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  width: 56,
                  render: (_, field) =>
                    fields.length > 1 && (
                      <IconAction
                        danger
                        label={t('listings.editor.variations.remove')}
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                      />
                    ),
                },
              ]}
            />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() =>
                add({
                  sku: '',
                  price: null,
                  quantity: 0,
                  variation: {},
                  product_id: '',
                  image: null,
                })
              }
            >
              {t('listings.editor.variations.add')}
            </Button>
          </>
        )}
      </Form.List>
    </div>
  );
}
