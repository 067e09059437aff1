import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { addTranslations } from '../../../shared/i18n/i18n.ts';
import { paymentsEn } from '../../../shared/payments/i18n-en.ts';
import { paymentsZhCN } from '../../../shared/payments/i18n-zh-cn.ts';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';
import { MemberLevels } from '../components/member-levels.tsx';
import { withQueries } from '../components/with-queries.tsx';
import '../vip.css';

// The pay password dialog's texts come with the console bundle, which this public page may precede.
addTranslations({ 'zh-CN': { payments: paymentsZhCN }, en: { payments: paymentsEn } });

function Vip() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  return (
    <>
      <PageHero title={t('public.vip.title')} subtitle={t('public.vip.subtitle')} />
      <FeatureGrid items={t('public.vip.items', { returnObjects: true })} />
      <MemberLevels />
      <p className="site-container site-note">{t('public.vip.note')}</p>
      {!signedIn && <CallToAction to={paths.register}>{t('public.home.start')}</CallToAction>}
    </>
  );
}

export const VipPage = withQueries(Vip);
