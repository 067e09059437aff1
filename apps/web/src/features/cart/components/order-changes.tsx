import { Modal } from 'antd';
import type { TFunction } from 'i18next';
import { formatMinor, type OrderChange } from '@app/shared';

/** Stock and availability are counts; everything else is money. */
function describe(t: TFunction, change: OrderChange): string {
  const sku = change.sku_code ?? `#${change.sku_id ?? ''}`;
  const money = (value: number | null) => formatMinor(value ?? 0);
  switch (change.field) {
    case 'stock':
      return t('cart.checkout.changes.stock', { sku, before: change.before, after: change.after });
    case 'unavailable':
    case 'missing':
      return t(`cart.checkout.changes.${change.field}`, { sku });
    default:
      return t(`cart.checkout.changes.${change.field}`, {
        sku,
        before: money(change.before),
        after: money(change.after),
      });
  }
}

/** What changed between the settlement the seller saw and the server's pricing at submit. */
export function showOrderChanges(t: TFunction, changes: OrderChange[], onOk: () => void): void {
  Modal.warning({
    title: t('cart.checkout.changes.title'),
    width: 520,
    okText: t('cart.checkout.changes.ok'),
    content: (
      <>
        <p>{t('cart.checkout.changes.description')}</p>
        <ul className="checkout-changes">
          {changes.map((change, index) => (
            <li key={`${change.field}-${change.sku_id ?? index}`}>{describe(t, change)}</li>
          ))}
        </ul>
      </>
    ),
    onOk,
  });
}
