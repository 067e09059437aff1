import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Modal, Select, Space, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FBA_LABEL_SHEETS, formatTimestamp, permOf, type FbaLabelSheet } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import {
  downloadBoxLabels,
  downloadProductLabels,
  useCancelPlan,
  useFbaPlan,
  useSyncPlan,
  useTracking,
} from '../api/fba.ts';
import { ShipmentCard } from '../components/shipment-card.tsx';
import { StepTag } from '../components/status-tag.tsx';
import { FBA_PAGE, FBA_PATHS } from '../paths.ts';
import '../fba.css';

/** /newOrder/FBAshipmentsDetail?id=: a plan, its shipments, labels, sync and cancel. */
export function FbaDetailPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const result = useFbaPlan(id);
  const sync = useSyncPlan();
  const cancel = useCancelPlan();
  const tracking = useTracking();
  const [sheet, setSheet] = useState<FbaLabelSheet>('a4_24');
  const can = {
    sync: useCan(permOf(FBA_PAGE, 'sync')),
    cancel: useCan(permOf(FBA_PAGE, 'cancel')),
    label: useCan(permOf(FBA_PAGE, 'label')),
    update: useCan(permOf(FBA_PAGE, 'update')),
    add: useCan(permOf(FBA_PAGE, 'add')),
  };
  const plan = result.data;
  if (!plan) {
    return (
      <Card className="page-card" variant="borderless" title={title}>
        {result.isError ? <Empty /> : <Spin />}
      </Card>
    );
  }
  const download = async (blob: Promise<Blob>, name: string) => {
    try {
      saveBlob(await blob, name);
      feedback.success(t('fba.detail.downloaded'));
    } catch (error) {
      reportError(error);
    }
  };
  const open = !['confirmed', 'cancelled'].includes(plan.step);
  // Amazon refuses to cancel once a shipment has left; the button is not offered then.
  const cancellable =
    plan.step !== 'cancelled' && plan.shipments.every((s) => s.status === 'WORKING');
  const failed = [sync, cancel, tracking].find((m) => m.isError);

  return (
    <Card
      className="page-card fba-page"
      variant="borderless"
      title={
        <Space>
          {title}
          {plan.number}
          <StepTag step={plan.step} />
        </Space>
      }
      extra={
        <Space wrap>
          <Button onClick={() => void navigate(FBA_PATHS.list)}>{t('fba.detail.back')}</Button>
          {plan.step === 'cancelled' && can.add && (
            <Button onClick={() => void navigate(`${FBA_PATHS.rebuild}?from=${plan.id}`)}>
              {t('fba.detail.rebuild')}
            </Button>
          )}
          {can.update &&
            (['placement', 'transport'].includes(plan.step) ||
              plan.shipments.some((s) => s.transportation_option_id && s.status === 'WORKING')) && (
              <Button onClick={() => void navigate(`${FBA_PATHS.edit}?id=${plan.id}`)}>
                {t('fba.detail.edit')}
              </Button>
            )}
          {open && can.add && (
            <Button onClick={() => void navigate(`${FBA_PATHS.add}?id=${plan.id}`)}>
              {t('fba.detail.continueWizard')}
            </Button>
          )}
          {can.sync && plan.shipments.length > 0 && (
            <Button
              type="primary"
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(
                  { id: plan.id },
                  { onSuccess: () => feedback.success(t('fba.detail.synced_ok')) },
                )
              }
            >
              {t('fba.detail.sync')}
            </Button>
          )}
          {can.cancel && cancellable && (
            <Button
              danger
              loading={cancel.isPending}
              onClick={() =>
                Modal.confirm({
                  title: t('fba.detail.cancelConfirm'),
                  okButtonProps: { danger: true },
                  onOk: () =>
                    cancel.mutate(
                      { id: plan.id },
                      { onSuccess: () => feedback.success(t('fba.detail.cancelled')) },
                    ),
                })
              }
            >
              {t('fba.detail.cancel')}
            </Button>
          )}
        </Space>
      }
    >
      {(failed || plan.last_error) && (
        <Alert
          type="error"
          showIcon
          message={t('fba.wizard.failed')}
          description={failed ? (failed.error as Error).message : plan.last_error}
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions size="small" column={3} title={t('fba.detail.plan')}>
        <Descriptions.Item label={t('fba.list.name')}>{plan.name}</Descriptions.Item>
        <Descriptions.Item label={t('fba.list.store')}>
          {plan.store_name} ({plan.site})
        </Descriptions.Item>
        <Descriptions.Item label={t('fba.list.created')}>
          {formatTimestamp(plan.created_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fba.detail.planId')}>{plan.plan_id}</Descriptions.Item>
        <Descriptions.Item label={t('fba.detail.address')} span={2}>
          {[
            plan.source_address.name,
            plan.source_address.address_line1,
            plan.source_address.city,
            plan.source_address.postal_code,
            plan.source_address.country_code,
          ].join(', ')}
        </Descriptions.Item>
      </Descriptions>

      <Card
        size="small"
        className="fba-box"
        title={t('fba.detail.items')}
        extra={
          can.label && (
            <Space>
              <Select
                size="small"
                aria-label={t('fba.detail.sheet')}
                value={sheet}
                style={{ width: 150 }}
                onChange={setSheet}
                options={FBA_LABEL_SHEETS.map((s) => ({
                  value: s,
                  label: t(`fba.detail.sheets.${s}`),
                }))}
              />
              <Button
                size="small"
                onClick={() =>
                  void download(
                    downloadProductLabels({ id: plan.id, sheet }),
                    `${plan.number}-${sheet}.pdf`,
                  )
                }
              >
                {t('fba.detail.productLabels')}
              </Button>
            </Space>
          )
        }
      >
        <Table
          size="small"
          rowKey="sku"
          pagination={false}
          dataSource={plan.items}
          columns={[
            { title: t('fba.wizard.sku'), dataIndex: 'sku' },
            { title: t('fba.detail.itemTitle'), dataIndex: 'title' },
            { title: t('fba.detail.fnsku'), dataIndex: 'fnsku' },
            { title: t('fba.detail.asin'), dataIndex: 'asin' },
            { title: t('fba.wizard.quantity'), dataIndex: 'quantity', align: 'right' },
          ]}
        />
      </Card>

      {plan.shipments.length === 0 ? (
        <Alert type="info" message={t('fba.detail.noShipments')} />
      ) : (
        plan.shipments.map((s) => (
          <ShipmentCard
            key={s.shipment_id}
            plan={plan}
            shipment={s}
            canLabel={can.label}
            canUpdate={can.update}
            busy={tracking.isPending}
            onBoxLabels={(page_type) =>
              void download(
                downloadBoxLabels({ id: plan.id, shipment_id: s.shipment_id, page_type }),
                `${s.confirmation_id ?? s.shipment_id}-boxes.pdf`,
              )
            }
            onTracking={(list) =>
              tracking.mutate(
                { id: plan.id, shipment_id: s.shipment_id, tracking: list },
                { onSuccess: () => feedback.success(t('fba.detail.trackingSaved')) },
              )
            }
          />
        ))
      )}
    </Card>
  );
}
