import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { lazyPage } from '../../../shared/lazy-page.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { CallToAction, FeatureGrid, PageHero } from '../components/marketing.tsx';
import '../vip.css';

// The levels (antd, the pay dialog and the query client) load beside the hero and the feature
// cards rather than before them. The import starts as this module runs; a failure is reported
// when the levels render (lazy-page.ts).
const loadLevels = () => import('../components/member-levels.tsx');
loadLevels().catch(() => undefined);
const MemberLevels = lazyPage(loadLevels, 'MemberLevelsSection');

export function VipPage() {
  const { t } = useTranslation();
  const signedIn = useAuthStore((s) => s.token !== null);
  return (
    <>
      <PageHero title={t('public.vip.title')} subtitle={t('public.vip.subtitle')} />
      <FeatureGrid items={t('public.vip.items', { returnObjects: true })} />
      <Suspense fallback={<PageLoading />}>
        <MemberLevels />
      </Suspense>
      <p className="site-container site-note">{t('public.vip.note')}</p>
      {!signedIn && <CallToAction to={paths.register}>{t('public.home.start')}</CallToAction>}
    </>
  );
}
