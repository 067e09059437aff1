import { Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatTimestamp, type FbaPodOrder, type FbaPodStage } from '@app/shared';
import { usePodOrders } from '../api/pod.ts';
import { FBA_PATHS } from '../paths.ts';
import { ShipmentStatusTag } from './status-tag.tsx';

const STAGE_COLOURS: Record<FbaPodStage, string> = {
  producing: 'processing',
  packed: 'orange',
  planned: 'gold',
  shipped: 'blue',
  closed: 'success',
};

/** The seller's POD-to-FBA orders, from production to Amazon closing their shipments. */
export function PodOrdersCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orders = usePodOrders();
  return (
    <Card size="small" title={t('fba.pod.listTitle')} className="fba-pod-orders">
      <Table<FbaPodOrder>
        rowKey="id"
        size="small"
        loading={orders.isFetching}
        dataSource={orders.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('fba.pod.listEmpty')} /> }}
        columns={[
          { title: t('fba.pod.number'), dataIndex: 'purchase_order_number', key: 'number' },
          { title: t('fba.list.store'), dataIndex: 'store_name', key: 'store' },
          {
            title: t('fba.pod.units'),
            key: 'units',
            align: 'right',
            render: (_, o) => o.items.reduce((n, i) => n + i.quantity, 0),
          },
          {
            title: t('fba.pod.stage'),
            key: 'stage',
            render: (_, o) => (
              <Tag color={STAGE_COLOURS[o.stage]} data-stage={o.stage}>
                {/* Bought but not yet accepted by the factory: say so rather than "in production". */}
                {o.stage === 'producing' && o.purchase_order_status === 'paid'
                  ? t('fba.pod.stages.paid')
                  : t(`fba.pod.stages.${o.stage}`)}
              </Tag>
            ),
          },
          {
            title: t('fba.pod.plan'),
            key: 'plan',
            render: (_, o) =>
              o.plan_id ? (
                <Space size={4} wrap>
                  <Typography.Link
                    onClick={() => void navigate(`${FBA_PATHS.detail}?id=${o.plan_id}`)}
                  >
                    {o.plan_number}
                  </Typography.Link>
                  {o.shipment_statuses.map((s, n) => (
                    <ShipmentStatusTag key={n} status={s} />
                  ))}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('fba.pod.created'),
            key: 'created',
            render: (_, o) => formatTimestamp(o.created_at),
          },
        ]}
      />
    </Card>
  );
}
