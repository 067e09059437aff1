import { useState } from 'react';
import { Form, Space, Typography } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fromMinor, type Listing, majorToMinor, type PlanSale } from '@app/shared';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { ImagePicker } from './image-picker.tsx';

/** Cells of the variations table (step 3): the price breakdown, an item's image and margin. */

export function Breakdown({ plan }: { plan: PlanSale }) {
  const { t } = useTranslation();
  return (
    <table className="listings-breakdown" data-testid="price-breakdown">
      <tbody>
        {plan.breakdown.map((step) => (
          <tr key={step.step}>
            <th>{t(`listings.editor.variations.steps.${step.step}`)}</th>
            <td>
              {step.amount} {step.currency}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An item's image: a thumbnail with "choose" and "clear", as a Form.Item control. */
export function ItemImage({
  goodsId,
  value = null,
  onChange,
}: {
  goodsId: number | null;
  value?: string | null;
  onChange?: (next: string | null) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <Space size={2}>
      <button
        type="button"
        className="listings-item-image"
        aria-label={t('listings.editor.variations.chooseImage')}
        onClick={() => setPicking(true)}
      >
        {value ? <img src={value} alt="" /> : <PictureOutlined />}
      </button>
      {value && (
        <IconAction
          label={t('listings.editor.variations.clearImage')}
          icon={<CloseOutlined />}
          onClick={() => onChange?.(null)}
        />
      )}
      <ImagePicker
        open={picking}
        goodsId={goodsId}
        chosen={value ? [value] : []}
        max={1}
        onPick={(url) => {
          onChange?.(url);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </Space>
  );
}

/**
 * Cost and margin of the item at `index` at the price in the form; a loss shows in the warning
 * colour. It watches its own row, since the table does not re-render cells as the form changes.
 */
export function ItemMargin({ index, listing }: { index: number; listing: Listing }) {
  const { t } = useTranslation();
  const id = Form.useWatch(['items', index, 'id'], { preserve: true }) as number | undefined;
  const price = Form.useWatch(['items', index, 'price']) as number | null | undefined;
  const currency = listing.currency;
  const costMinor =
    id === undefined ? null : (listing.items.find((i) => i.id === id)?.cost_minor ?? null);
  if (costMinor === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const priceMinor = majorToMinor(price ?? null, currency);
  const margin =
    priceMinor === null || priceMinor <= 0 ? null : ((priceMinor - costMinor) / priceMinor) * 100;
  return (
    <div className="listings-margin" data-testid="item-margin">
      <Typography.Text type="secondary">
        {t('listings.editor.variations.cost', { cost: fromMinor(costMinor, currency) })}
      </Typography.Text>
      {margin !== null && (
        <Typography.Text type={margin < 0 ? 'warning' : undefined} strong={margin < 0}>
          {t('listings.editor.variations.margin', { margin: margin.toFixed(1) })}
        </Typography.Text>
      )}
    </div>
  );
}
