import { useState } from 'react';
import { Button, Card, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FbaPlan, FbaTransportInput } from '@app/shared';

/** Step 3: where Amazon sends the boxes: one warehouse for a fee, or split for free. */
export function PlacementForm({
  plan,
  busy,
  onSubmit,
}: {
  plan: FbaPlan;
  busy: boolean;
  onSubmit: (placementOptionId: string) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(plan.offers.placement[0]?.id);
  return (
    <Space direction="vertical">
      <Typography.Text strong>{t('fba.wizard.placementOption')}</Typography.Text>
      <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as string)}>
        <Space direction="vertical">
          {plan.offers.placement.map((o) => (
            <Radio key={o.id} value={o.id}>
              {t('fba.wizard.placementShipments', { count: o.shipment_ids.length })}
              {' · '}
              {Number(o.fee) > 0
                ? t('fba.wizard.fee', { fee: o.fee, currency: o.currency })
                : t('fba.wizard.free')}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button
        type="primary"
        loading={busy}
        disabled={!choice}
        onClick={() => choice && onSubmit(choice)}
      >
        {t('fba.wizard.confirmPlacement')}
      </Button>
    </Space>
  );
}

/** Step 4: a carrier per shipment, Amazon's partnered one first. */
export function TransportForm({
  plan,
  busy,
  onSubmit,
}: {
  plan: FbaPlan;
  busy: boolean;
  onSubmit: (selections: FbaTransportInput['selections']) => void;
}) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      plan.shipments.map((s) => [
        s.shipment_id,
        plan.offers.transport.find((o) => o.shipment_id === s.shipment_id)?.id ?? '',
      ]),
    ),
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {plan.shipments.map((s) => (
        <Card
          key={s.shipment_id}
          size="small"
          className="fba-box"
          title={t('fba.wizard.shipment', { id: s.confirmation_id ?? s.shipment_id })}
          extra={s.warehouse_id}
        >
          <Radio.Group
            value={choices[s.shipment_id]}
            onChange={(e) => setChoices({ ...choices, [s.shipment_id]: e.target.value as string })}
          >
            <Space direction="vertical">
              {plan.offers.transport
                .filter((o) => o.shipment_id === s.shipment_id)
                .map((o) => (
                  <Radio key={o.id} value={o.id}>
                    {o.partnered
                      ? `${t('fba.wizard.partnered')} (${o.carrier})`
                      : t('fba.wizard.ownCarrier', { carrier: o.carrier })}
                    {o.cost !== null &&
                      ` · ${t('fba.wizard.quote', { cost: o.cost, currency: o.currency })}`}
                  </Radio>
                ))}
            </Space>
          </Radio.Group>
        </Card>
      ))}
      <Button
        type="primary"
        loading={busy}
        onClick={() =>
          onSubmit(
            Object.entries(choices).map(([shipment_id, transportation_option_id]) => ({
              shipment_id,
              transportation_option_id,
            })),
          )
        }
      >
        {t('fba.wizard.confirmTransport')}
      </Button>
    </Space>
  );
}
