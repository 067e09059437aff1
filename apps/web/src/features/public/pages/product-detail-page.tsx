import { useTranslation } from 'react-i18next';
import { loginPath, paths } from '../../../app/paths.ts';
import { CallToAction, PageHero } from '../components/marketing.tsx';

/** The public entry of a product link; the details themselves live in the signed-in library. */
export function ProductDetailPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero
        title={t('public.productDetail.title')}
        subtitle={t('public.productDetail.subtitle')}
      />
      <CallToAction to={loginPath(paths.parentLibrary)}>
        {t('public.productDetail.cta')}
      </CallToAction>
    </>
  );
}
