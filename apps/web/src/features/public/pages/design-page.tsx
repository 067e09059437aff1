import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';

export function DesignPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.design.title')} subtitle={t('public.design.subtitle')} />
      <FeatureGrid numbered items={t('public.design.steps', { returnObjects: true })} />
      <CallToAction to={paths.login}>{t('public.design.cta')}</CallToAction>
    </>
  );
}
