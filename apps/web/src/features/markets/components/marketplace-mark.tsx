import { MARKETPLACE_NAMES, type Marketplace } from '@app/shared';

/** A marketplace's initial on its colour, so rows and cards read at a glance without logo files. */
export function MarketplaceMark({ marketplace }: { marketplace: Marketplace }) {
  return (
    <span className={`markets-mark markets-mark--${marketplace}`} aria-hidden="true">
      {MARKETPLACE_NAMES[marketplace].charAt(0)}
    </span>
  );
}
