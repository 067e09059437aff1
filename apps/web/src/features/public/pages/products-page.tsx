import { useTranslation } from 'react-i18next';
import { loginPath, paths } from '../../../app/paths.ts';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';

export function ProductsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.products.title')} subtitle={t('public.products.subtitle')} />
      <FeatureGrid items={t('public.products.items', { returnObjects: true })} />
      <CallToAction to={loginPath(paths.parentLibrary)}>{t('public.products.cta')}</CallToAction>
    </>
  );
}
