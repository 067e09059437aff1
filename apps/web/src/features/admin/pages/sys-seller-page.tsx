import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  formatTimestamp,
  SELLER_STATES,
  type SysSellerQuery,
  type SysSellerRow,
} from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { catalogueKeys, sysSellers } from '../api/catalogue.ts';
import { useOperatorCan } from '../components/operator-can.tsx';
import { SellerDrawer } from '../components/seller-drawer.tsx';

type Filters = Pick<SysSellerQuery, 'keyword' | 'state'>;

/** /admin/sys/seller: every seller, searchable; one opens read-only with freeze and balance actions. */
export function SysSellerPage() {
  const { t } = useTranslation();
  const may = useOperatorCan('/sys/seller');
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const [open, setOpen] = useState<number | null>(null);
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: catalogueKeys.sellerPage(query),
    queryFn: () => sysSellers.page(query),
    placeholderData: keepPreviousData,
  });
  const zh = currentLanguage() === 'zh-CN';
  const money = (minor: number) => formatMoney(minor, 'CNY', currentLanguage());

  return (
    <Card title={t('admin.sellers.title')}>
      <Form<Filters>
        layout="inline"
        className="admin-filters"
        onFinish={(values) => {
          setFilters({ keyword: values.keyword || undefined, state: values.state });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('admin.sellers.keyword')}>
          <Input allowClear maxLength={100} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="state" label={t('admin.sellers.state')}>
          <Select
            allowClear
            placeholder={t('admin.catalogue.all')}
            style={{ width: 120 }}
            options={SELLER_STATES.map((s) => ({
              value: s,
              label: t(`admin.sellers.states.${s}`),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('admin.catalogue.search')}
        </Button>
      </Form>
      <Table<SysSellerRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('admin.sellers.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.size,
          total: list.data?.pagination.total ?? 0,
          showTotal: (total) => t('admin.catalogue.total', { total }),
          onChange: (page, size) => setPaging({ page, size }),
        }}
        columns={[
          {
            key: 'name',
            title: t('admin.sellers.columns.name'),
            render: (_, s) => `${s.name} (#${s.id})`,
          },
          {
            key: 'contact',
            title: t('admin.sellers.columns.contact'),
            render: (_, s) => [s.email, s.mobile].filter(Boolean).join(' / '),
          },
          {
            key: 'level',
            title: t('admin.sellers.columns.level'),
            render: (_, s) => (zh ? s.level_name : s.level_name_en) ?? '',
          },
          {
            key: 'balance',
            title: t('admin.sellers.columns.balance'),
            align: 'right',
            render: (_, s) => money(s.balance_minor),
          },
          {
            key: 'state',
            title: t('admin.sellers.columns.state'),
            render: (_, s) => (
              <Tag color={s.state === 'frozen' ? 'red' : 'green'}>
                {t(`admin.sellers.states.${s.state}`)}
              </Tag>
            ),
          },
          {
            key: 'created',
            title: t('admin.sellers.columns.created'),
            render: (_, s) => formatTimestamp(s.created_at),
          },
          {
            key: 'actions',
            title: t('admin.sellers.columns.actions'),
            render: (_, s) =>
              may('info') && (
                <Button type="link" onClick={() => setOpen(s.id)}>
                  {t('admin.catalogue.view')}
                </Button>
              ),
          },
        ]}
      />
      {open !== null && <SellerDrawer id={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
