import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';

export function AdvantagePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.advantage.title')} subtitle={t('public.advantage.subtitle')} />
      <FeatureGrid items={t('public.advantage.items', { returnObjects: true })} />
      <CallToAction to={paths.register}>{t('public.home.start')}</CallToAction>
    </>
  );
}
