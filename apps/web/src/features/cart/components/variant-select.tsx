import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMinor, type CartLine } from '@app/shared';
import { useCartAttr } from '../api/cart.ts';

const variantName = (v: { color: string; size: string }) =>
  [v.color, v.size].filter(Boolean).join(' / ') || '—';

/**
 * The line's colour and size; opening it loads the product's other SKUs (cartAttr), and picking
 * one switches the line (editCartPurchase). Variants the platform cannot make or has taken off
 * sale stay visible but cannot be picked.
 */
export function VariantSelect({
  line,
  disabled,
  onSwitch,
}: {
  line: CartLine;
  disabled?: boolean;
  onSwitch: (skuId: number) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const options = useCartAttr(line.id, opened);

  // Before the first opening the line's own SKU is the only known option.
  const choices = options.data ?? [line];

  return (
    <Select<number>
      className="cart-variant"
      aria-label={t('cart.switchVariantTitle', { title: line.title })}
      value={line.sku_id}
      disabled={disabled}
      loading={options.isFetching}
      popupMatchSelectWidth={false}
      onOpenChange={(open) => open && setOpened(true)}
      onChange={(skuId) => skuId !== line.sku_id && onSwitch(skuId)}
      labelRender={() => variantName(line)}
      notFoundContent={t('cart.noOtherVariants')}
      options={choices.map((option) => ({
        value: option.sku_id,
        // Short stock stays pickable: the seller can lower the quantity after switching.
        disabled:
          option.problem !== null &&
          option.problem !== 'short_stock' &&
          option.sku_id !== line.sku_id,
        label: (
          <span className="cart-variant__option">
            <span>
              {t('cart.variantOption', {
                color: option.color || '—',
                size: option.size || '—',
                price: formatMinor(option.unit_price_minor),
              })}
            </span>
            <span className="cart-variant__stock">
              {option.problem && option.problem !== 'short_stock'
                ? t(`cart.problem.${option.problem}`, { stock: option.stock })
                : t('cart.variantStock', { stock: option.stock })}
            </span>
          </span>
        ),
      }))}
    />
  );
}
