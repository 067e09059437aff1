import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../shared/lazy-page.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { PageHero } from '../components/marketing.tsx';

// The library (antd, its filters and the query client) loads beside the hero rather than before
// it: the hero is what a phone paints first. The import starts as this module runs; a failure
// is reported when the library renders (lazy-page.ts).
const loadCatalogue = () => import('../components/products-catalogue.tsx');
loadCatalogue().catch(() => undefined);
const ProductsCatalogue = lazyPage(loadCatalogue, 'ProductsCatalogue');

/** /products: the parent library for visitors. */
export function ProductsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.products.title')} subtitle={t('public.products.subtitle')} />
      <Suspense fallback={<PageLoading />}>
        <ProductsCatalogue />
      </Suspense>
    </>
  );
}
