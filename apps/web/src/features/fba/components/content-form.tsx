import { useState } from 'react';
import { Alert, Button, Card, InputNumber, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type FbaContentInput, type FbaPlan, type FbaShipment } from '@app/shared';

type Box = FbaShipment['boxes'][number];

/**
 * A booked shipment's boxes with their quantities to change (Amazon's shipment content update):
 * Amazon prices the change first, the seller then confirms it. Boxes whose size Amazon did not
 * list cannot be sent back and are not offered.
 */
export function ContentForm({
  plan,
  shipment,
  busy,
  onPreview,
  onConfirm,
}: {
  plan: FbaPlan;
  shipment: FbaShipment;
  busy: boolean;
  onPreview: (boxes: FbaContentInput['boxes']) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const editable = shipment.boxes.filter((b): b is Box & { size: NonNullable<Box['size']> } =>
    Boolean(b.size && b.package_id),
  );
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const key = (box: Box, sku: string) => `${box.box_id}\n${sku}`;
  const pending =
    plan.content_update?.shipment_id === shipment.shipment_id ? plan.content_update : null;
  const boxes = editable
    .filter((b) => !removed.has(b.box_id))
    .map((b) => ({
      ...b.size,
      package_id: b.package_id!,
      items: b.items
        .map((i) => ({ sku: i.sku, quantity: quantities[key(b, i.sku)] ?? i.quantity }))
        .filter((i) => i.quantity > 0),
    }))
    .filter((b) => b.items.length > 0);
  return (
    <Card
      size="small"
      className="fba-box"
      title={t('fba.edit.shipment', { id: shipment.confirmation_id ?? shipment.shipment_id })}
    >
      <Table
        size="small"
        rowKey="box_id"
        pagination={false}
        dataSource={editable}
        columns={[
          { title: t('fba.detail.boxId'), dataIndex: 'box_id' },
          {
            title: t('fba.detail.items'),
            key: 'items',
            render: (_, b) => (
              <Space wrap>
                {b.items.map((i) => (
                  <Space key={i.sku} size={4}>
                    {i.sku}
                    <InputNumber
                      size="small"
                      aria-label={`${b.box_id} ${i.sku}`}
                      min={0}
                      max={10000}
                      precision={0}
                      disabled={removed.has(b.box_id)}
                      value={quantities[key(b, i.sku)] ?? i.quantity}
                      onChange={(v) => setQuantities({ ...quantities, [key(b, i.sku)]: v ?? 0 })}
                    />
                  </Space>
                ))}
              </Space>
            ),
          },
          {
            title: '',
            key: 'remove',
            render: (_, b) => (
              <Button
                size="small"
                type="link"
                onClick={() => {
                  const next = new Set(removed);
                  if (next.has(b.box_id)) next.delete(b.box_id);
                  else next.add(b.box_id);
                  setRemoved(next);
                }}
              >
                {removed.has(b.box_id) ? t('fba.edit.keepBox') : t('fba.edit.removeBox')}
              </Button>
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 12 }} wrap>
        <Button loading={busy} disabled={boxes.length === 0} onClick={() => onPreview(boxes)}>
          {t('fba.edit.preview')}
        </Button>
      </Space>
      {pending && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={
            pending.cost === null
              ? t('fba.edit.previewOwnCarrier')
              : t('fba.edit.previewCost', { cost: pending.cost, currency: pending.currency })
          }
          description={t('fba.edit.previewUntil', {
            boxes: pending.boxes.length,
            units: pending.boxes.reduce(
              (n, b) => n + b.items.reduce((m, i) => m + i.quantity, 0),
              0,
            ),
            until: formatTimestamp(pending.expiration),
          })}
          action={
            <Button type="primary" loading={busy} onClick={onConfirm}>
              {t('fba.edit.confirm')}
            </Button>
          }
        />
      )}
    </Card>
  );
}
