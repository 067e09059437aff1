import { useTranslation } from 'react-i18next';
import type { PurchaseOrderItem } from '@app/shared';

/** The first item with its thumbnail, and how many more the order holds. */
export function OrderItemsCell({ items }: { items: readonly PurchaseOrderItem[] }) {
  const { t } = useTranslation();
  const [first] = items;
  if (!first) return <span className="finance-items__more">{t('finance.orders.noItems')}</span>;
  return (
    <div className="finance-items">
      {first.image ? (
        <img className="finance-items__thumb" src={first.image} alt="" loading="lazy" />
      ) : (
        <span className="finance-items__thumb" aria-hidden />
      )}
      <div className="finance-items__text">
        <div className="finance-items__title" title={first.title}>
          {first.title}
        </div>
        <div className="finance-items__more">
          {[first.sku_code, [first.color, first.size].filter(Boolean).join(' / ')]
            .filter(Boolean)
            .join(' · ')}
          {items.length > 1 && ` ${t('finance.orders.moreItems', { count: items.length - 1 })}`}
        </div>
      </div>
    </div>
  );
}
