import { Suspense } from 'react';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error.ts';
import { loginPath, paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { addTranslations } from '../../../shared/i18n/i18n.ts';
import { lazyPage } from '../../../shared/lazy-page.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { parseId, useParentProduct } from '../../goods-library/index.ts';
import { FeatureGrid, PageHero, withQueries } from '../../public/index.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useSavedDesign } from '../api/design.ts';
import { useDesignBase } from '../paths.ts';
import { ProductPicker } from '../components/product-picker.tsx';
import { useDesignStore } from '../document-store.ts';
import { designEn } from '../i18n-en.ts';
import { designZhCN } from '../i18n-zh-cn.ts';
import '../design.css';

addTranslations({ 'zh-CN': { design: designZhCN }, en: { design: designEn } });

// The canvas library loads only once a product is chosen, not with the picker.
const DesignEditor = lazyPage(() => import('../components/design-editor.tsx'), 'DesignEditor');

function is404(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

function Intro() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t('public.design.title')} subtitle={t('public.design.subtitle')} />
      <FeatureGrid numbered items={t('public.design.steps', { returnObjects: true })} />
    </>
  );
}

/**
 * The design tool: without a product, the product picker (with an introduction for visitors);
 * with `?product=` the editor on that parent product; with `?design=` a saved design reopened
 * (signed in only).
 */
function DesignPageView({ inConsole }: { inConsole: boolean }) {
  const { t } = useTranslation();
  const base = useDesignBase();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = useAuthStore((s) => s.token !== null && s.token !== '');
  const productParam = parseId(params.get('product'));
  const designId = parseId(params.get('design'));
  const heldDesign = useDesignStore((s) => s.design);
  const heldProduct = useDesignStore((s) => s.product);
  // Right after a save the store already holds the design the URL now names.
  const holding = designId !== null && heldDesign === designId;
  const saved = useSavedDesign(designId !== null && !holding && signedIn ? designId : null);
  const productId =
    productParam ?? (holding ? heldProduct : (saved.data?.parent_product_id ?? null));
  const product = useParentProduct(productId);

  if (designId !== null && !signedIn) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }

  if (productId === null && designId === null) {
    return (
      <>
        {!inConsole && <Intro />}
        <ProductPicker />
      </>
    );
  }

  const failure = saved.error ?? product.error;
  if (failure) {
    const missing = is404(failure);
    return (
      <div className="site-container design-page">
        {missing ? (
          <Result
            status="404"
            title={saved.error ? t('design.editor.designNotFound') : t('design.editor.notFound')}
            extra={
              <Button type="primary" onClick={() => void navigate(base)}>
                {t('design.editor.back')}
              </Button>
            }
          />
        ) : (
          <Alert
            type="error"
            showIcon
            title={t('design.editor.loadFailed')}
            description={failure.message}
          />
        )}
      </div>
    );
  }

  if (!product.data || (designId !== null && !holding && !saved.data)) {
    return (
      <div className="site-container design-page">
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  }

  return (
    <div className="design-page">
      <Suspense fallback={<PageLoading />}>
        <DesignEditor
          key={product.data.id}
          product={product.data}
          saved={holding ? null : (saved.data ?? null)}
        />
      </Suspense>
    </div>
  );
}

/** /design, the visitors' design tool; a signed-in seller is taken to the console's. */
function PublicDesignPage() {
  const location = useLocation();
  const signedIn = useAuthStore((s) => s.token !== null && s.token !== '');
  if (signedIn) return <Navigate to={paths.designer + location.search} replace />;
  return <DesignPageView inConsole={false} />;
}

export const DesignPage = withQueries(PublicDesignPage);

/** /goods/design: the same tool inside the console layout (menu, tabs, header). */
export function ConsoleDesignPage(_props: ViewProps) {
  return (
    <div className="design-console">
      <DesignPageView inConsole />
    </div>
  );
}
