import { Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  fromMinor,
  majorToMinor,
  minorDigits,
  minorToMajor,
  type MultistationPrices,
  type MultistationShow1,
} from '@app/shared';
import type { usePricingTemplateOptions } from '../../api/listings.ts';
import type { Multistation } from './use-multistation.ts';

/** Step 2: each site's prices in its currency, from a pricing template or edited by hand. */
export function PricesStep({
  wizard,
  prices,
  data,
  siteLabel,
  templates,
}: {
  wizard: Multistation;
  prices: MultistationPrices;
  data: MultistationShow1 | undefined;
  siteLabel: (marketId: number) => string;
  /** Loaded with the page, so the list is there when this step opens. */
  templates: ReturnType<typeof usePricingTemplateOptions>;
}) {
  const { t } = useTranslation();
  const { templateId, setTemplateId, toPrices, toTexts, edits, setEdits, setStep } = wizard;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('multistation.pricingTemplate')}</Typography.Text>
        <Select
          style={{ width: 320 }}
          allowClear
          placeholder={t('multistation.noTemplate')}
          value={templateId}
          loading={templates.isLoading}
          options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          onChange={(value?: number) => setTemplateId(value)}
        />
        <Button loading={toPrices.isPending} onClick={() => toPrices.mutate(templateId)}>
          {t('multistation.recalculate')}
        </Button>
      </Space>
      {prices.sites.map((site) => (
        <Card
          key={site.market_id}
          size="small"
          title={`${siteLabel(site.market_id)} · ${site.currency}`}
          extra={
            <Typography.Text type="secondary">
              {t('multistation.rate', {
                target: site.currency,
                rate: site.rate,
                source: data?.source.currency,
              })}
            </Typography.Text>
          }
          style={{ marginBottom: 12 }}
        >
          <Table
            rowKey="item_id"
            size="small"
            pagination={false}
            dataSource={site.items}
            columns={[
              { key: 'sku', title: t('multistation.columns.sku'), dataIndex: 'sku' },
              {
                key: 'variation',
                title: t('multistation.columns.variation'),
                render: (_, item) =>
                  Object.values(
                    data?.source.items.find((i) => i.id === item.item_id)?.variation ?? {},
                  ).join(' / '),
              },
              {
                key: 'source',
                title: t('multistation.columns.sourcePrice'),
                align: 'right',
                render: (_, item) =>
                  `${fromMinor(item.source_price_minor, data?.source.currency ?? 'USD')} ${data?.source.currency ?? ''}`,
              },
              {
                key: 'price',
                title: t('multistation.columns.price'),
                render: (_, item) => (
                  <Space>
                    <InputNumber
                      aria-label={`${t('multistation.columns.price')} ${site.currency} ${item.sku}`}
                      min={0}
                      step={10 ** -minorDigits(site.currency)}
                      precision={minorDigits(site.currency)}
                      addonAfter={site.currency}
                      value={minorToMajor(
                        edits[site.market_id]?.[item.item_id] ?? item.price_minor,
                        site.currency,
                      )}
                      onChange={(value) => {
                        const minor = majorToMinor(value, site.currency);
                        if (minor === null) return;
                        setEdits((all) => ({
                          ...all,
                          [site.market_id]: { ...all[site.market_id], [item.item_id]: minor },
                        }));
                      }}
                    />
                    <Tag>{t(`multistation.basis.${item.basis}`)}</Tag>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ))}
      <div className="multistation-actions">
        <Button onClick={() => setStep(0)}>{t('multistation.prev')}</Button>
        <Button type="primary" loading={toTexts.isPending} onClick={() => toTexts.mutate()}>
          {t('multistation.next')}
        </Button>
      </div>
    </>
  );
}
