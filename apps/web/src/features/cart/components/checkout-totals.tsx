import { useTranslation } from 'react-i18next';
import { formatMinor, type Settlement } from '@app/shared';
import { useCountries } from '../api/addresses.ts';
import { countryName } from './address-dialog.tsx';

/** Goods, shipping (weight and the destination's rate), the member discount and the total. */
export function CheckoutTotals({ settlement }: { settlement: Settlement }) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  const country = countries.data?.find((c) => c.code === settlement.address?.country_code);
  const levelName = i18n.language === 'en' ? settlement.level_name_en : settlement.level_name;

  return (
    <dl className="checkout-totals">
      <div className="checkout-totals__row">
        <dt>{t('cart.checkout.totals.goods', { count: settlement.quantity })}</dt>
        <dd className="cart-money">¥{formatMinor(settlement.goods_minor)}</dd>
      </div>
      <div className="checkout-totals__row">
        <dt>
          {t('cart.checkout.totals.shipping')}
          <span className="checkout-totals__note">
            {settlement.address && country
              ? t('cart.checkout.shipping.detail', {
                  weight: settlement.weight_g,
                  country: countryName(country, i18n.language),
                })
              : t('cart.checkout.shipping.noAddress')}
          </span>
          {country && (
            <span className="checkout-totals__note">
              {t('cart.checkout.shipping.rate', {
                firstWeight: country.first_weight_g,
                first: formatMinor(country.first_minor),
                addWeight: country.additional_weight_g,
                add: formatMinor(country.additional_minor),
              })}
            </span>
          )}
        </dt>
        <dd className="cart-money">¥{formatMinor(settlement.shipping_minor)}</dd>
      </div>
      {settlement.discount_minor > 0 && (
        <div className="checkout-totals__row checkout-totals__row--discount">
          <dt>
            {t('cart.checkout.totals.discount', {
              level: levelName,
              percent: settlement.discount_percent,
            })}
          </dt>
          <dd className="cart-money">−¥{formatMinor(settlement.discount_minor)}</dd>
        </div>
      )}
      <div className="checkout-totals__row checkout-totals__row--total">
        <dt>{t('cart.checkout.totals.total')}</dt>
        <dd className="cart-money cart-money--large">¥{formatMinor(settlement.total_minor)}</dd>
      </div>
    </dl>
  );
}
