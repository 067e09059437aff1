import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FbaPodDesk, PurchaseOrderStatus } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { fbaPod, fbaPodKeys } from '../api/fba-pod.ts';
import { productionKeys } from '../api/production.ts';
import { FbaPackDialog, FbaShipDialog } from './fba-pod-dialogs.tsx';

/**
 * The desk's FBA part of a purchase order bound for FBA: what goes to which FNSKU, the boxes,
 * the inbound plan made of them with its shipments, the labels to print and the shipping.
 */
export function FbaPodPanel({ id, status }: { id: number; status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const info = useQuery({ queryKey: fbaPodKeys.info(id), queryFn: () => fbaPod.info(id) });
  const [dialog, setDialog] = useState<
    { kind: 'pack' } | { kind: 'ship'; shipment: string } | null
  >(null);
  const [busy, setBusy] = useState(false);
  const desk = info.data;
  if (!desk) return null;
  const { order, plan } = desk;

  const changed = (next: FbaPodDesk) => {
    client.setQueryData(fbaPodKeys.info(id), next);
    void client.invalidateQueries({ queryKey: productionKeys.all });
    setDialog(null);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      reportError(error);
      void info.refetch();
    } finally {
      setBusy(false);
    }
  };
  const save = (blob: Promise<Blob>, file: string) =>
    run(async () => {
      saveBlob(await blob, file);
      feedback.success(t('admin.production.fba.labelsSaved', { file }));
    });
  const canPack = status === 'in_production' && (!plan || plan.step === 'packing');

  return (
    <section className="fba-pod-panel">
      <h4>
        <Space>
          <Tag color="orange">{t('admin.production.fba.tag')}</Tag>
          {t('admin.production.fba.title')}
          <Tag data-stage={order.stage}>{t(`admin.production.fba.stages.${order.stage}`)}</Tag>
        </Space>
      </h4>
      <Space wrap style={{ marginBottom: 12 }}>
        {canPack && (
          <Button type="primary" onClick={() => setDialog({ kind: 'pack' })}>
            {t('admin.production.fba.pack')}
          </Button>
        )}
        {order.packed_at !== null && plan?.step !== 'confirmed' && (
          <Button
            loading={busy}
            onClick={() => void run(async () => changed(await fbaPod.plan(id)))}
          >
            {t('admin.production.fba.resume')}
          </Button>
        )}
        {plan?.step === 'confirmed' && (
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            onClick={() =>
              void save(fbaPod.productLabels(id, 'a4_24'), `${plan.number}-products.pdf`)
            }
          >
            {t('admin.production.fba.productLabels')}
          </Button>
        )}
      </Space>
      {status === 'paid' && (
        <Alert type="info" showIcon title={t('admin.production.fba.notPacked')} />
      )}
      {plan?.last_error && <Alert type="error" showIcon title={plan.last_error} />}
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('admin.production.fba.store')}>
          {order.store_name}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.production.fba.plan')}>
          {plan ? `${plan.number} · ${t(`admin.production.fba.steps.${plan.step}`)}` : '—'}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="sku"
        pagination={false}
        dataSource={order.items}
        columns={[
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          {
            key: 'fnsku',
            title: t('admin.production.fba.fnsku'),
            render: (_, i) => i.fnsku ?? '—',
          },
          {
            key: 'title',
            title: t('admin.production.detail.items'),
            dataIndex: 'title',
            ellipsis: true,
          },
          { key: 'qty', title: t('admin.production.fba.quantity'), dataIndex: 'quantity' },
        ]}
      />
      {order.boxes.length > 0 && (
        <Table
          size="small"
          rowKey={(_, n) => String(n)}
          pagination={false}
          title={() => t('admin.production.fba.boxes')}
          dataSource={order.boxes}
          columns={[
            {
              key: 'size',
              title: t('admin.production.fba.size'),
              render: (_, b) => `${b.length} × ${b.width} × ${b.height}`,
            },
            { key: 'weight', title: t('admin.production.fba.weight'), dataIndex: 'weight' },
            { key: 'count', title: t('admin.production.fba.count'), dataIndex: 'count' },
            {
              key: 'items',
              title: t('admin.production.fba.contents'),
              render: (_, b) => b.items.map((i) => `${i.sku} × ${i.quantity}`).join(', '),
            },
          ]}
        />
      )}
      {plan && plan.shipments.length > 0 && (
        <Table
          size="small"
          rowKey="shipment_id"
          pagination={false}
          title={() => t('admin.production.fba.shipments')}
          dataSource={plan.shipments}
          className="fba-pod-shipments"
          columns={[
            {
              key: 'id',
              title: 'ID',
              render: (_, s) => (
                <Typography.Text code>{s.confirmation_id ?? s.shipment_id}</Typography.Text>
              ),
            },
            { key: 'status', title: t('admin.production.columns.status'), dataIndex: 'status' },
            {
              key: 'carrier',
              title: t('admin.production.fba.carrier'),
              render: (_, s) => s.carrier ?? '—',
            },
            {
              key: 'boxes',
              title: t('admin.production.fba.boxes'),
              render: (_, s) => t('admin.production.fba.boxCount', { count: s.boxes.length }),
            },
            {
              key: 'tracking',
              title: t('admin.production.detail.packages'),
              render: (_, s) => s.tracking.map((x) => x.tracking_id).join(', ') || '—',
            },
            {
              key: 'actions',
              title: t('admin.production.columns.actions'),
              render: (_, s) => (
                <Space>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      void save(
                        fbaPod.boxLabels(id, s.shipment_id),
                        `${s.confirmation_id ?? s.shipment_id}-boxes.pdf`,
                      )
                    }
                  >
                    {t('admin.production.fba.boxLabels')}
                  </Button>
                  {s.tracking.length === 0 && plan.step === 'confirmed' && (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => setDialog({ kind: 'ship', shipment: s.shipment_id })}
                    >
                      {t('admin.production.fba.ship')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {dialog?.kind === 'pack' && (
        <FbaPackDialog desk={desk} onClose={() => setDialog(null)} onDone={changed} />
      )}
      {dialog?.kind === 'ship' && (
        <FbaShipDialog
          desk={desk}
          shipmentId={dialog.shipment}
          onClose={() => setDialog(null)}
          onDone={changed}
        />
      )}
    </section>
  );
}
