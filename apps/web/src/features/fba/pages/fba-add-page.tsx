import { Alert, Button, Card, Result, Spin, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { FbaBoxInput, FbaPlan } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCreatePlan, useFbaPlan, usePacking, usePlacement, useTransport } from '../api/fba.ts';
import { PlacementForm, TransportForm } from '../components/option-forms.tsx';
import { PackingForm } from '../components/packing-form.tsx';
import { PlanForm } from '../components/plan-form.tsx';
import { FBA_PATHS } from '../paths.ts';
import '../fba.css';

const STEP_INDEX: Record<FbaPlan['step'], number> = {
  packing: 1,
  placement: 2,
  transport: 3,
  confirmed: 4,
  cancelled: 4,
};

/** A rebuilt plan's boxes as the cancelled one had them, keeping only SKUs the new plan has. */
function rebuiltBoxes(plan: FbaPlan, source: FbaPlan | undefined): FbaBoxInput[] | undefined {
  const skus = new Set(plan.items.map((i) => i.sku));
  const boxes = source?.boxes
    .map((b) => ({ ...b, items: b.items.filter((i) => skus.has(i.sku)) }))
    .filter((b) => b.items.length > 0);
  return boxes?.length ? boxes : undefined;
}

/**
 * /newOrder/FBAshipmentsAdd: the shipment wizard. Each step calls Amazon and waits for its
 * operations to finish; `?id=` carries the plan, so a reload or the list's "Continue" resumes it.
 */
export function FbaAddPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const plan = useFbaPlan(id);
  // Rebuild: a new plan starting from a cancelled one's store, address, SKUs and then boxes.
  const fromId = Number(params.get('from')) || null;
  const from = useFbaPlan(fromId);
  const create = useCreatePlan();
  const packing = usePacking();
  const placement = usePlacement();
  const transport = useTransport();
  const running = [create, packing, placement, transport].find((m) => m.isPending);
  const failed = [create, packing, placement, transport].find((m) => m.isError);
  const current = plan.data ? STEP_INDEX[plan.data.step] : 0;
  const busy = running !== undefined;
  const stepItems = (['plan', 'packing', 'placement', 'transport', 'done'] as const).map((key) => ({
    title: t(`fba.wizard.steps.${key}`),
  }));

  const body = () => {
    if (id === null) {
      if (fromId && !from.data) return <Spin />;
      const source = from.data;
      return (
        <PlanForm
          busy={busy}
          initial={
            source && {
              market_id: source.market_id,
              name: source.name,
              source_address: source.source_address,
              items: source.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
            }
          }
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (p) =>
                setParams({ id: String(p.id), ...(fromId ? { from: String(fromId) } : {}) }),
            })
          }
        />
      );
    }
    const p = plan.data;
    if (!p) return <Spin />;
    switch (p.step) {
      case 'packing':
        if (fromId && !from.data) return <Spin />;
        return (
          <PackingForm
            plan={p}
            busy={busy}
            initial={rebuiltBoxes(p, from.data)}
            onSubmit={(values) => packing.mutate({ id: p.id, ...values })}
          />
        );
      case 'placement':
        return (
          <PlacementForm
            plan={p}
            busy={busy}
            onSubmit={(placement_option_id) => placement.mutate({ id: p.id, placement_option_id })}
          />
        );
      case 'transport':
        return (
          <TransportForm
            plan={p}
            busy={busy}
            onSubmit={(selections) => transport.mutate({ id: p.id, selections })}
          />
        );
      default:
        return (
          <Result
            status={p.step === 'cancelled' ? 'info' : 'success'}
            title={p.step === 'cancelled' ? t('fba.step.cancelled') : t('fba.wizard.done')}
            extra={
              <Button
                type="primary"
                onClick={() => void navigate(`${FBA_PATHS.detail}?id=${p.id}`)}
              >
                {t('fba.wizard.openDetail')}
              </Button>
            }
          />
        );
    }
  };

  return (
    <Card className="page-card fba-page fba-wizard" variant="borderless" title={title}>
      <Steps current={current} items={stepItems} />
      {busy && (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          message={t('fba.wizard.working')}
          style={{ marginBottom: 16 }}
        />
      )}
      {failed && !busy && (
        <Alert
          type="error"
          showIcon
          message={t('fba.wizard.failed')}
          description={(failed.error as Error).message}
          style={{ marginBottom: 16 }}
        />
      )}
      {plan.data?.number && (
        <p>
          {plan.data.number} · {plan.data.name} · {plan.data.store_name}
        </p>
      )}
      {body()}
    </Card>
  );
}
