import { useState } from 'react';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HelpLink } from '../../../shared/ui/help-link.tsx';
import { useTableColumns } from '../../../shared/ui/table-columns.tsx';
import { formatTimestamp, permOf, type FbaListQuery, type FbaPlan } from '@app/shared';
import { useCan } from '../../../shared/can.tsx';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useFbaPlans } from '../api/fba.ts';
import { PlanFiltersForm } from '../components/plan-filters.tsx';
import { PodOrdersCard } from '../components/pod-orders-card.tsx';
import { PodSendDrawer } from '../components/pod-send-drawer.tsx';
import { ShipmentStatusTag, StepTag } from '../components/status-tag.tsx';
import { FBA_PAGE, FBA_PATHS } from '../paths.ts';
import '../fba.css';

const FIRST_PAGE: FbaListQuery = { page: 1, limit: 20 };

/** /newOrder/FBAshipments: the seller's FBA inbound plans with their shipments. */
export function FbaShipmentsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<FbaListQuery>(FIRST_PAGE);
  const result = useFbaPlans(query);
  const canAdd = useCan(permOf(FBA_PAGE, 'add'));
  const [sending, setSending] = useState(false);
  const open = (plan: FbaPlan) =>
    void navigate(
      `${plan.step === 'confirmed' || plan.step === 'cancelled' ? FBA_PATHS.detail : FBA_PATHS.add}?id=${plan.id}`,
    );
  const pagination = result.data?.pagination;

  const shown = useTableColumns<FbaPlan>('fba.plans', [
    {
      title: t('fba.list.number'),
      key: 'number',
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <Typography.Link onClick={() => open(p)}>{p.number}</Typography.Link>
          <Typography.Text type="secondary">{p.name}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('fba.list.store'),
      key: 'store',
      render: (_, p) => `${p.store_name} (${p.site})`,
    },
    {
      title: t('fba.list.shipments'),
      key: 'shipments',
      render: (_, p) => (
        <Space direction="vertical" size={2}>
          {p.shipments.map((s) => (
            <Space key={s.shipment_id} size={4}>
              <Typography.Text code>{s.confirmation_id ?? '—'}</Typography.Text>
              <ShipmentStatusTag status={s.status} />
            </Space>
          ))}
        </Space>
      ),
    },
    {
      title: t('fba.list.units'),
      key: 'units',
      align: 'right',
      render: (_, p) => p.items.reduce((n, i) => n + i.quantity, 0),
    },
    {
      title: t('fba.list.step'),
      key: 'step',
      render: (_, p) => <StepTag step={p.step} />,
    },
    {
      title: t('fba.list.created'),
      key: 'created',
      render: (_, p) => formatTimestamp(p.created_at),
    },
    {
      title: t('fba.list.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space>
          <Button size="small" onClick={() => void navigate(`${FBA_PATHS.detail}?id=${p.id}`)}>
            {t('fba.list.detail')}
          </Button>
          {canAdd && !['confirmed', 'cancelled'].includes(p.step) && (
            <Button size="small" type="primary" onClick={() => open(p)}>
              {t('fba.list.continue')}
            </Button>
          )}
        </Space>
      ),
    },
  ]);
  return (
    <Card
      className="page-card fba-page"
      variant="borderless"
      title={title}
      extra={
        canAdd && (
          <Space>
            <Button icon={<ShoppingCartOutlined />} onClick={() => setSending(true)}>
              {t('fba.pod.open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(FBA_PATHS.add)}
            >
              {t('fba.list.add')}
            </Button>
          </Space>
        )
      }
    >
      <PlanFiltersForm onSearch={(f) => setQuery({ ...FIRST_PAGE, limit: query.limit, ...f })} />
      <div className="table-columns__bar">{shown.settings}</div>
      <Table<FbaPlan>
        rowKey="id"
        size="middle"
        loading={result.isFetching}
        dataSource={result.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty description={t('fba.list.empty')}>
              <Space direction="vertical">
                <Typography.Text type="secondary">{t('fba.list.emptyHint')}</Typography.Text>
                <HelpLink article="fba-shipments">{t('fba.list.help')}</HelpLink>
              </Space>
            </Empty>
          ),
        }}
        pagination={{
          current: pagination?.page ?? 1,
          pageSize: pagination?.size ?? query.limit,
          total: pagination?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, limit) => setQuery({ ...query, page, limit }),
        }}
        columns={shown.columns}
        scroll={shown.scroll}
      />
      <PodOrdersCard />
      {sending && <PodSendDrawer onClose={() => setSending(false)} />}
    </Card>
  );
}
