import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import { FeatureGrid, PageHero } from '../components/marketing.tsx';

const MARKETPLACES = ['Amazon', 'Shopify', 'Temu', 'Shopee'];

export function PublicHomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.home.title')} subtitle={t('public.home.subtitle')}>
        <Link to={paths.register} className="btn btn--primary btn--large">
          {t('public.home.start')}
        </Link>
        <Link to={paths.products} className="btn btn--ghost btn--large">
          {t('public.home.explore')}
        </Link>
      </PageHero>
      <div className="site-container marketplaces" aria-label="marketplaces">
        {MARKETPLACES.map((name) => (
          <span key={name} className="marketplaces__item">
            {name}
          </span>
        ))}
      </div>
      <FeatureGrid items={t('public.home.features', { returnObjects: true })} />
    </>
  );
}
