import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Modal,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTimestamp, type ProductionOrderDetail } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { newIntentKey } from '../../../shared/payments/use-pay.ts';
import { fbaPod, fbaPodKeys } from '../api/fba-pod.ts';
import { production, productionKeys } from '../api/production.ts';
import { ExceptionDialog } from './exception-dialog.tsx';
import { FbaPodPanel } from './fba-pod-panel.tsx';
import { ProductionStatus } from './production-status.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { ShipDialog } from './ship-dialog.tsx';

type Dialog = 'ship' | 'exception' | 'refund' | null;

/** One purchase order: lines with factory and print files, packages with tracking, history, actions. */
export function ProductionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: productionKeys.info(id),
    queryFn: () => production.info(id),
  });
  const factories = useQuery({
    queryKey: productionKeys.factories(),
    queryFn: production.factories,
  });
  const factoryName = (factoryId: number | null) => {
    const factory = factories.data?.find((f) => f.id === factoryId);
    if (!factory) return factoryId ?? '—';
    return currentLanguage() === 'zh-CN' ? factory.name : factory.name_en;
  };
  // An FBA-bound order ships by shipment from its FBA panel, not as one parcel.
  const marks = useQuery({ queryKey: fbaPodKeys.marks([id]), queryFn: () => fbaPod.marks([id]) });
  const toFba = (marks.data?.length ?? 0) > 0;
  const [dialog, setDialog] = useState<Dialog>(null);
  const money = (minor: number) => formatMoney(minor, 'CNY', currentLanguage());
  const order = detail.data;

  const changed = (next?: ProductionOrderDetail) => {
    if (next) client.setQueryData(productionKeys.info(id), next);
    void client.invalidateQueries({ queryKey: productionKeys.all });
    setDialog(null);
  };
  const batch = async (
    run: (ids: number[]) => Promise<{ results: { ok: boolean; reason: string | null }[] }>,
  ) => {
    try {
      const { results } = await run([id]);
      if (results[0]?.ok) feedback.success(t('admin.production.batchDone', { ok: 1, failed: 0 }));
      else feedback.error(results[0]?.reason ?? '');
      changed();
    } catch (error) {
      reportError(error);
    }
  };
  const reprint = () =>
    Modal.confirm({
      title: t('admin.production.resolve.reprintConfirm'),
      onOk: async () => {
        try {
          changed(await production.resolve({ id, resolution: 'reprint' }, newIntentKey()));
          feedback.success(t('admin.production.resolve.reprintDone'));
        } catch (error) {
          reportError(error);
        }
      },
    });

  const can = (action: string) => order?.allowed_actions.includes(action as never) ?? false;

  return (
    <Drawer
      open
      width={880}
      onClose={onClose}
      title={order ? t('admin.production.detail.title', { number: order.number }) : ''}
      loading={detail.isLoading}
      extra={
        order && (
          <Space wrap>
            {can('accept') && (
              <Button type="primary" onClick={() => void batch(production.accept)}>
                {t('admin.production.actions.accept')}
              </Button>
            )}
            {can('produce') && (
              <Button onClick={() => void batch(production.produced)}>
                {t('admin.production.actions.produced')}
              </Button>
            )}
            {can('ship') && !toFba && (
              <Button type="primary" onClick={() => setDialog('ship')}>
                {t('admin.production.actions.ship')}
              </Button>
            )}
            {can('exception') && (
              <Button danger onClick={() => setDialog('exception')}>
                {t('admin.production.actions.exception')}
              </Button>
            )}
            {can('reprint') && (
              <Button onClick={reprint}>{t('admin.production.actions.reprint')}</Button>
            )}
            {can('refund') && (
              <Button danger onClick={() => setDialog('refund')}>
                {t('admin.production.actions.refund')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {order && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {order.exception && (
            <Alert
              type="error"
              showIcon
              title={t('admin.production.detail.exception', {
                reason: t(`admin.production.reasons.${order.exception.reason}`),
                note: order.exception.note,
              })}
            />
          )}
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('admin.production.columns.status')}>
              <ProductionStatus status={order.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.production.detail.seller')}>
              {order.seller_name} (#{order.seller_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.production.columns.amount')}>
              {money(order.amount_minor)}
              {order.refunded_minor > 0 &&
                ` · ${t('admin.production.detail.refunded', { amount: money(order.refunded_minor) })}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.production.columns.paid')}>
              {formatTimestamp(order.paid_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.production.detail.address')} span={2}>
              {order.address
                ? [
                    order.address.name,
                    order.address.phone,
                    order.address.country_code,
                    order.address.province,
                    order.address.city,
                    order.address.district,
                    order.address.address1,
                    order.address.address2,
                    order.address.postcode,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '—'}
            </Descriptions.Item>
            {order.linked_orders.length > 0 && (
              <Descriptions.Item label={t('admin.production.detail.linked')} span={2}>
                {order.linked_orders.map((o) => (
                  <Tag key={o.id}>
                    {o.marketplace} {o.number}
                  </Tag>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>

          {order && toFba && <FbaPodPanel id={id} status={order.status} />}

          <Table
            size="small"
            rowKey="sku_code"
            pagination={false}
            title={() => t('admin.production.detail.items')}
            dataSource={order.items}
            columns={[
              { key: 'sku', title: 'SKU', dataIndex: 'sku_code' },
              {
                key: 'title',
                title: t('admin.production.detail.items'),
                dataIndex: 'title',
                ellipsis: true,
              },
              {
                key: 'qty',
                title: t('admin.production.columns.quantity'),
                render: (_, item) =>
                  t('admin.production.detail.shippedQty', {
                    shipped: item.shipped_quantity,
                    quantity: item.quantity,
                  }),
              },
              {
                key: 'factory',
                title: t('admin.production.detail.factory'),
                render: (_, item) => factoryName(item.factory_id),
              },
              {
                key: 'files',
                title: t('admin.production.detail.printFiles'),
                render: (_, item) => (
                  <Space wrap size={4}>
                    {item.print_files.map((file) => (
                      <a key={file.url} href={file.url} target="_blank" rel="noreferrer">
                        {file.side}
                      </a>
                    ))}
                  </Space>
                ),
              },
            ]}
          />

          <section>
            <h4>{t('admin.production.detail.packages')}</h4>
            {order.packages.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('admin.production.detail.noPackages')}
              />
            ) : (
              order.packages.map((pkg) => (
                <div key={pkg.id} className="admin-package">
                  <Space wrap>
                    <strong>{pkg.carrier}</strong>
                    <span>{pkg.tracking_no}</span>
                    <Tag>{t(`admin.production.tracking.${pkg.status}`)}</Tag>
                    {pkg.voided_at !== null && <Tag>{t('admin.production.detail.voided')}</Tag>}
                    <span>{pkg.items.map((i) => `${i.sku_code} × ${i.quantity}`).join(', ')}</span>
                  </Space>
                  {pkg.events.length > 0 && (
                    <Timeline
                      className="admin-package__timeline"
                      items={pkg.events.map((e) => ({
                        content: `${formatTimestamp(e.time)} ${e.location} ${e.description}`,
                      }))}
                    />
                  )}
                </div>
              ))
            )}
          </section>

          <section>
            <h4>{t('admin.production.detail.log')}</h4>
            <Timeline
              items={order.log.map((entry) => ({
                content: `${formatTimestamp(entry.at)} · ${t(`admin.production.actors.${entry.actor_kind}`)} · ${t(`admin.production.logActions.${entry.action}` as never, { defaultValue: entry.action })}${entry.to_status ? ` → ${t(`admin.production.statuses.${entry.to_status}`)}` : ''}`,
              }))}
            />
          </section>
        </Space>
      )}
      {order && dialog === 'ship' && (
        <ShipDialog order={order} onClose={() => setDialog(null)} onDone={changed} />
      )}
      {order && dialog === 'exception' && (
        <ExceptionDialog order={order} onClose={() => setDialog(null)} onDone={changed} />
      )}
      {order && dialog === 'refund' && (
        <RefundDialog order={order} onClose={() => setDialog(null)} onDone={changed} />
      )}
    </Drawer>
  );
}
