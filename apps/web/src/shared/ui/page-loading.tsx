import { useTranslation } from 'react-i18next';

/** Suspense fallback; plain CSS so the first paint does not wait for any component library. */
export function PageLoading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={full ? 'page-loading page-loading--full' : 'page-loading'}
      role="status"
      aria-live="polite"
    >
      <span className="page-loading__dot" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
