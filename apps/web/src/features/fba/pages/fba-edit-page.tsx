import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { useConfirmContent, useEditBoxes, useFbaPlan, usePreviewContent } from '../api/fba.ts';
import { ContentForm } from '../components/content-form.tsx';
import { PackingForm } from '../components/packing-form.tsx';
import { FBA_PATHS } from '../paths.ts';
import '../fba.css';

/**
 * /newOrder/FBAshipmentsEdit?id=: what Amazon lets change. Before a placement is confirmed the
 * boxes are sent again; once a shipment's carrier is confirmed and until it ships, its boxes
 * and quantities change by a content update Amazon prices first. Between the two (placement
 * confirmed, no carrier yet) Amazon allows neither, and its refusal is shown as it says it.
 */
export function FbaEditPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const result = useFbaPlan(id);
  const boxes = useEditBoxes();
  const preview = usePreviewContent();
  const confirm = useConfirmContent();
  const busy = [boxes, preview, confirm].some((m) => m.isPending);
  const failed = [boxes, preview, confirm].find((m) => m.isError);
  const plan = result.data;
  if (!plan)
    return (
      <Card className="page-card" variant="borderless" title={title}>
        <Spin />
      </Card>
    );

  const open = plan.shipments.filter((s) => s.transportation_option_id && s.status === 'WORKING');
  const body = () => {
    if (plan.step === 'placement' || plan.step === 'transport') {
      return (
        <PackingForm
          plan={plan}
          busy={busy}
          initial={plan.boxes}
          submitText={t('fba.edit.sendBoxes')}
          onSubmit={({ boxes: list }) =>
            boxes.mutate(
              { id: plan.id, boxes: list },
              {
                onSuccess: () => {
                  feedback.success(t('fba.edit.boxesSaved'));
                  void navigate(`${FBA_PATHS.add}?id=${plan.id}`);
                },
              },
            )
          }
        />
      );
    }
    if (plan.step === 'confirmed' && open.length > 0) {
      return open.map((s) => (
        <ContentForm
          key={s.shipment_id}
          plan={plan}
          shipment={s}
          busy={busy}
          onPreview={(list) =>
            preview.mutate({ id: plan.id, shipment_id: s.shipment_id, boxes: list })
          }
          onConfirm={() =>
            confirm.mutate(
              { id: plan.id, shipment_id: s.shipment_id },
              { onSuccess: () => feedback.success(t('fba.edit.confirmed')) },
            )
          }
        />
      ));
    }
    return <Result status="info" title={t('fba.edit.nothing')} />;
  };

  return (
    <Card
      className="page-card fba-page"
      variant="borderless"
      title={`${title} ${plan.number}`}
      extra={
        <Space>
          <Button onClick={() => void navigate(`${FBA_PATHS.detail}?id=${plan.id}`)}>
            {t('fba.wizard.openDetail')}
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        message={t(`fba.edit.rule.${plan.step}`)}
        style={{ marginBottom: 16 }}
      />
      {failed && !busy && (
        <Alert
          type="error"
          showIcon
          message={t('fba.wizard.failed')}
          description={(failed.error as Error).message}
          style={{ marginBottom: 16 }}
        />
      )}
      {body()}
    </Card>
  );
}
