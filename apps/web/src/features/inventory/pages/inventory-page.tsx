import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { DownloadOutlined, SyncOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  permOf,
  type InventoryExportInput,
  type InventoryQuery,
  type InventoryRow,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import {
  downloadInventory,
  useInventory,
  useInventoryCategories,
  useInventoryFactories,
  useSyncInventory,
} from '../api/inventory.ts';
import '../inventory.css';

const PAGE = '/newOrder/inventoryCheck';
const FIRST_PAGE: InventoryQuery = { page: 1, limit: 20 };

interface FilterValues {
  keyword?: string;
  market_id?: number;
  category_id?: number;
  low_stock?: boolean;
}

/**
 * /newOrder/inventoryCheck: stock per SKU at Amazon (FBA), at the factory and in each store's
 * listings, with days of cover from the last 30 days' sales and what to send when it runs low.
 */
export function InventoryPage({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [query, setQuery] = useState<InventoryQuery>(FIRST_PAGE);
  const result = useInventory(query);
  const factories = useInventoryFactories();
  const categories = useInventoryCategories();
  const sync = useSyncInventory();
  const canExport = useCan(permOf(PAGE, 'export'));
  const [exporting, setExporting] = useState(false);
  const data = result.data;
  const zh = i18n.language === 'zh-CN';
  const factoryName = (f: { name: string; name_en: string }) => (zh ? f.name : f.name_en || f.name);

  const search = (v: FilterValues) =>
    setQuery({
      ...FIRST_PAGE,
      limit: query.limit,
      keyword: v.keyword?.trim() || undefined,
      market_id: v.market_id,
      category_id: v.category_id,
      low_stock: v.low_stock || undefined,
    });

  const refresh = async () => {
    try {
      const done = await sync.mutateAsync({});
      if (done.failed.length) {
        feedback.warning(
          t('inventory.syncPartly', {
            stores: done.stores,
            failed: done.failed.map((f) => `${f.alias}: ${f.reason}`).join('; '),
          }),
        );
      } else feedback.success(t('inventory.synced', { stores: done.stores, skus: done.skus }));
    } catch (error) {
      reportError(error);
    }
  };

  const exportAll = async () => {
    const { page: _page, limit: _limit, ...filters } = query;
    setExporting(true);
    try {
      saveBlob(await downloadInventory(filters as InventoryExportInput), 'inventory.xlsx');
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      className="page-card inventory-page"
      variant="borderless"
      title={title}
      extra={
        <Space>
          <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => void refresh()}>
            {t('inventory.sync')}
          </Button>
          {canExport && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportAll()}
            >
              {t('inventory.export')}
            </Button>
          )}
        </Space>
      }
    >
      <Space className="inventory-summary" wrap size={[8, 8]}>
        <Typography.Text type="secondary">
          {data?.synced_at
            ? t('inventory.syncedAt', { time: formatTimestamp(data.synced_at) })
            : t('inventory.neverSynced')}
        </Typography.Text>
        {data && (
          <Typography.Text type="secondary">
            {t('inventory.rule', { low: data.low_stock_days, target: data.replenish_days })}
          </Typography.Text>
        )}
      </Space>
      <Space className="inventory-factories" wrap>
        {(factories.data ?? []).map((f) => (
          <Tag key={f.id} color={f.skus ? 'blue' : 'default'}>
            {t('inventory.factoryStock', { name: factoryName(f), stock: f.stock, skus: f.skus })}
          </Tag>
        ))}
      </Space>
      <Form form={form} layout="inline" className="inventory-filters" onFinish={search}>
        <Form.Item name="keyword" label={t('inventory.filters.keyword')}>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('inventory.filters.keywordHint')}
          />
        </Form.Item>
        <Form.Item name="market_id" label={t('inventory.filters.store')}>
          <Select
            allowClear
            style={{ width: 170 }}
            placeholder={t('inventory.filters.allStores')}
            options={(data?.stores ?? []).map((s) => ({ value: s.id, label: s.alias }))}
          />
        </Form.Item>
        <Form.Item name="category_id" label={t('inventory.filters.category')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('inventory.filters.allCategories')}
            loading={categories.isLoading}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="low_stock" valuePropName="checked">
          <Checkbox>{t('inventory.filters.lowOnly')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('inventory.filters.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setQuery({ ...FIRST_PAGE, limit: query.limit });
              }}
            >
              {t('inventory.filters.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<InventoryRow>
        rowKey="sku"
        size="middle"
        loading={result.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: (
            <Empty description={t('inventory.empty')}>
              <Typography.Text type="secondary">{t('inventory.emptyHint')}</Typography.Text>
            </Empty>
          ),
        }}
        pagination={{
          current: data?.pagination.page ?? 1,
          pageSize: data?.pagination.size ?? query.limit,
          total: data?.pagination.total ?? 0,
          showSizeChanger: true,
          onChange: (page, limit) => setQuery({ ...query, page, limit }),
        }}
        columns={[
          {
            title: t('inventory.columns.sku'),
            key: 'sku',
            width: 260,
            render: (_, r) => (
              <Space align="start">
                {r.image ? (
                  <img className="inventory-thumb" src={r.image} alt="" />
                ) : (
                  <span className="inventory-thumb" />
                )}
                <Space direction="vertical" size={0}>
                  <Typography.Text strong copyable>
                    {r.sku}
                  </Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190 }}>
                    {r.title}
                  </Typography.Text>
                </Space>
              </Space>
            ),
          },
          {
            title: t('inventory.columns.fba'),
            key: 'fba',
            render: (_, r) =>
              r.fba ? (
                <Tooltip
                  title={r.fba_stores.map((s) => (
                    <div key={s.store_id}>
                      {t('inventory.fbaStore', { ...s, fnsku: s.fnsku ?? '—' })}
                    </div>
                  ))}
                >
                  <div className="inventory-fba">
                    <span>{t('inventory.fulfillable')}</span>
                    <b>{r.fba.fulfillable}</b>
                    <span>{t('inventory.inbound')}</span>
                    <b>{r.fba.inbound}</b>
                    <span>{t('inventory.reserved')}</span>
                    <b>{r.fba.reserved}</b>
                    <span>{t('inventory.unfulfillable')}</span>
                    <b>{r.fba.unfulfillable}</b>
                  </div>
                </Tooltip>
              ) : (
                <Typography.Text type="secondary">{t('inventory.noFba')}</Typography.Text>
              ),
          },
          {
            title: t('inventory.columns.factory'),
            key: 'factory',
            render: (_, r) =>
              r.factory ? (
                <Space direction="vertical" size={0}>
                  <Typography.Text>
                    {factoryName(r.factory) || t('inventory.platform')}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('inventory.blanks', { count: r.factory.stock })}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('inventory.notMadeHere')}</Typography.Text>
              ),
          },
          {
            title: t('inventory.columns.listings'),
            key: 'listings',
            render: (_, r) =>
              r.listings.length ? (
                <Space direction="vertical" size={2}>
                  {r.listings.map((l) => (
                    <Typography.Text key={l.store_id}>
                      {l.alias}: <b>{l.quantity}</b>
                    </Typography.Text>
                  ))}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('inventory.columns.sales'),
            key: 'sales',
            align: 'right',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.sold_30d}</span>
                <Typography.Text type="secondary">
                  {t('inventory.perDay', { value: r.daily_sales })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('inventory.columns.cover'),
            key: 'cover',
            align: 'right',
            render: (_, r) =>
              r.days_of_cover === null ? (
                '—'
              ) : r.low_stock ? (
                <Tag color="red" icon={<WarningOutlined />}>
                  {t('inventory.days', { count: r.days_of_cover })}
                </Tag>
              ) : (
                t('inventory.days', { count: r.days_of_cover })
              ),
          },
          {
            title: t('inventory.columns.suggested'),
            key: 'suggested',
            align: 'right',
            render: (_, r) => (r.suggested_qty ? <b>{r.suggested_qty}</b> : '—'),
          },
        ]}
      />
    </Card>
  );
}
