import { useState } from 'react';
import { Button, Card, Descriptions, Input, Select, Space, Table, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { FBA_BOX_LABEL_PAGES, formatTimestamp, type FbaPlan, type FbaShipment } from '@app/shared';
import { CarrierTracking } from './carrier-tracking.tsx';
import { ShipmentStatusTag } from './status-tag.tsx';

/** One shipment of a plan: where it goes, its carrier, boxes, tracking and status history. */
export function ShipmentCard({
  plan,
  shipment,
  canLabel,
  canUpdate,
  busy,
  onBoxLabels,
  onTracking,
}: {
  plan: FbaPlan;
  shipment: FbaShipment;
  canLabel: boolean;
  canUpdate: boolean;
  busy: boolean;
  onBoxLabels: (pageType: (typeof FBA_BOX_LABEL_PAGES)[number]) => void;
  onTracking: (tracking: Array<{ box_id: string; tracking_id: string }>) => void;
}) {
  const { t } = useTranslation();
  const [pageType, setPageType] =
    useState<(typeof FBA_BOX_LABEL_PAGES)[number]>('PackageLabel_Letter_2');
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const [carrierShown, setCarrierShown] = useState(false);
  const own =
    plan.offers.transport.find((o) => o.id === shipment.transportation_option_id)?.partnered ===
    false;
  const needsTracking = own && shipment.tracking.length === 0 && canUpdate;
  return (
    <Card
      size="small"
      className="fba-box"
      title={
        <Space>
          {shipment.confirmation_id ?? shipment.shipment_id}
          <ShipmentStatusTag status={shipment.status} />
        </Space>
      }
      extra={
        canLabel &&
        shipment.transportation_option_id && (
          <Space>
            <Select
              size="small"
              aria-label={t('fba.detail.pageType')}
              value={pageType}
              style={{ width: 210 }}
              onChange={setPageType}
              options={FBA_BOX_LABEL_PAGES.map((p) => ({ value: p, label: p }))}
            />
            <Button size="small" onClick={() => onBoxLabels(pageType)}>
              {t('fba.detail.boxLabels')}
            </Button>
          </Space>
        )
      }
    >
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('fba.detail.warehouse')}>
          {shipment.warehouse_id ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fba.detail.carrier')}>
          {shipment.carrier ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('fba.detail.syncedAt')}>
          {formatTimestamp(shipment.synced_at)}
        </Descriptions.Item>
      </Descriptions>
      <Space align="start" size={32} wrap>
        <Table
          size="small"
          rowKey="box_id"
          pagination={false}
          dataSource={shipment.boxes}
          columns={[
            { title: t('fba.detail.boxId'), dataIndex: 'box_id' },
            {
              title: t('fba.detail.items'),
              key: 'items',
              render: (_, b) => b.items.map((i) => `${i.sku} ×${i.quantity}`).join(', '),
            },
            {
              title: t('fba.detail.tracking'),
              key: 'tracking',
              render: (_, b) =>
                needsTracking ? (
                  <Input
                    size="small"
                    aria-label={`${t('fba.detail.tracking')} ${b.box_id}`}
                    value={numbers[b.box_id] ?? ''}
                    onChange={(e) => setNumbers({ ...numbers, [b.box_id]: e.target.value })}
                  />
                ) : (
                  (shipment.tracking.find((x) => x.box_id === b.box_id)?.tracking_id ?? '—')
                ),
            },
          ]}
        />
        <div>
          <div className="fba-timeline-title">{t('fba.detail.timeline')}</div>
          <Timeline
            items={shipment.history.map((h) => ({
              children: (
                <>
                  <ShipmentStatusTag status={h.status} /> {formatTimestamp(h.at)}
                </>
              ),
            }))}
          />
        </div>
      </Space>
      {shipment.tracking.length > 0 &&
        (carrierShown ? (
          <CarrierTracking planId={plan.id} shipmentId={shipment.shipment_id} />
        ) : (
          <Button size="small" onClick={() => setCarrierShown(true)}>
            {t('fba.kuaidi.show')}
          </Button>
        ))}
      {needsTracking && (
        <Button
          type="primary"
          loading={busy}
          disabled={shipment.boxes.some((b) => !numbers[b.box_id]?.trim())}
          onClick={() =>
            onTracking(
              shipment.boxes.map((b) => ({
                box_id: b.box_id,
                tracking_id: numbers[b.box_id]!.trim(),
              })),
            )
          }
        >
          {t('fba.detail.saveTracking')}
        </Button>
      )}
    </Card>
  );
}
