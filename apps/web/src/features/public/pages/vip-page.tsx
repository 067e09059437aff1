import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';

export function VipPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.vip.title')} subtitle={t('public.vip.subtitle')} />
      <FeatureGrid items={t('public.vip.items', { returnObjects: true })} />
      <p className="site-container site-note">{t('public.vip.note')}</p>
      <CallToAction to={paths.register}>{t('public.home.start')}</CallToAction>
    </>
  );
}
