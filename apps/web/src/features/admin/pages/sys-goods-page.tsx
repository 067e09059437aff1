import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Image, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_STATUSES,
  formatMoney,
  formatTimestamp,
  type SysGoodsDetail,
  type SysGoodsQuery,
  type SysGoodsRow,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { catalogueKeys, sysGoods } from '../api/catalogue.ts';
import { CategoriesPanel } from '../components/categories-panel.tsx';
import { FactoriesPanel } from '../components/factories-panel.tsx';
import { GoodsFormDrawer } from '../components/goods-form-drawer.tsx';
import { useOperatorCan } from '../components/operator-can.tsx';

type Filters = Pick<SysGoodsQuery, 'keyword' | 'status'>;

function ProductsPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/goods');
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  // undefined: closed; null: a new product.
  const [editing, setEditing] = useState<SysGoodsDetail | null | undefined>(undefined);
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: catalogueKeys.goodsPage(query),
    queryFn: () => sysGoods.page(query),
    placeholderData: keepPreviousData,
  });
  const zh = currentLanguage() === 'zh-CN';
  const refresh = () => void client.invalidateQueries({ queryKey: catalogueKeys.goods });

  const edit = async (id: number) => {
    try {
      setEditing(await sysGoods.info(id));
    } catch (error) {
      reportError(error);
    }
  };
  const toggle = (row: SysGoodsRow) => {
    const status = row.status === 'on' ? 'off' : 'on';
    const run = async () => {
      try {
        await sysGoods.status({ id: row.id, status });
        feedback.success(t('admin.catalogue.saved'));
        refresh();
      } catch (error) {
        reportError(error);
      }
    };
    if (status === 'on') void run();
    else Modal.confirm({ title: t('admin.goods.disableConfirm'), onOk: run });
  };

  return (
    <>
      <Space className="admin-filters" wrap>
        <Form<Filters>
          layout="inline"
          onFinish={(values) => {
            setFilters({ keyword: values.keyword || undefined, status: values.status });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        >
          <Form.Item name="keyword" label={t('admin.goods.keyword')}>
            <Input allowClear maxLength={100} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="status" label={t('admin.goods.status')}>
            <Select
              allowClear
              placeholder={t('admin.catalogue.all')}
              style={{ width: 120 }}
              options={CATALOG_STATUSES.map((s) => ({
                value: s,
                label: t(`admin.catalogue.status.${s}`),
              }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('admin.catalogue.search')}
          </Button>
        </Form>
        {may('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('admin.goods.add')}
          </Button>
        )}
      </Space>
      <Table<SysGoodsRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.goods.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showTotal: (total) => t('admin.catalogue.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          {
            key: 'image',
            title: t('admin.goods.columns.image'),
            width: 72,
            render: (_, row) => row.image && <Image width={48} height={48} src={row.image} />,
          },
          {
            key: 'title',
            title: t('admin.goods.columns.title'),
            render: (_, row) => (zh ? row.title : row.title_en || row.title),
          },
          { key: 'skus', title: t('admin.goods.columns.skus'), dataIndex: 'sku_count' },
          {
            key: 'cost',
            title: t('admin.goods.columns.cost'),
            align: 'right',
            render: (_, row) => formatMoney(row.cost_minor, 'CNY', currentLanguage()),
          },
          {
            key: 'status',
            title: t('admin.goods.columns.status'),
            render: (_, row) => (
              <Tag color={row.status === 'on' ? 'green' : 'default'}>
                {t(`admin.catalogue.status.${row.status}`)}
              </Tag>
            ),
          },
          {
            key: 'updated',
            title: t('admin.goods.columns.updated'),
            render: (_, row) => formatTimestamp(row.updated_at),
          },
          {
            key: 'actions',
            title: t('admin.goods.columns.actions'),
            render: (_, row) =>
              may('update') && (
                <Space size={0}>
                  {may('info') && (
                    <Button type="link" onClick={() => void edit(row.id)}>
                      {t('admin.catalogue.edit')}
                    </Button>
                  )}
                  <Button type="link" danger={row.status === 'on'} onClick={() => toggle(row)}>
                    {t(row.status === 'on' ? 'admin.goods.disable' : 'admin.goods.enable')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {editing !== undefined && (
        <GoodsFormDrawer
          detail={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
    </>
  );
}

/** /admin/sys/goods: the parent catalogue sellers design on, its categories, and the factories producing it. */
export function SysGoodsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.goods.title')}>
      <Tabs
        items={[
          { key: 'products', label: t('admin.goods.tabs.products'), children: <ProductsPanel /> },
          {
            key: 'categories',
            label: t('admin.goods.tabs.categories'),
            children: <CategoriesPanel />,
          },
          {
            key: 'factories',
            label: t('admin.goods.tabs.factories'),
            children: <FactoriesPanel />,
          },
        ]}
      />
    </Card>
  );
}
