import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../url-filters.ts';

const SKELETON_CARDS = 8;

interface LibraryResultsProps {
  result: Pick<
    UseQueryResult<unknown>,
    'isPending' | 'isError' | 'isPlaceholderData' | 'error' | 'refetch'
  >;
  /** Products on the page; 0 shows `empty`. */
  count: number;
  /** "N products", once the list has answered. */
  summary?: string;
  /** The list's page and page size, and its total once answered. */
  page: number;
  size: number;
  total?: number;
  /** A page-size change starts again from page 1. */
  onPage: (patch: { page: number; size?: number }) => void;
  loadFailed: string;
  empty: ReactNode;
  /** The products, shown once there are some. */
  children: ReactNode;
}

/**
 * The results area of every product library (parent, finished, favourites, the public
 * catalogue): skeleton cards while loading, the error with a retry, the empty state or the
 * products (dimmed while the next page loads), then the pager.
 */
export function LibraryResults(props: LibraryResultsProps) {
  const { t } = useTranslation();
  const { result, count, summary, page, size, total, onPage } = props;
  let body: ReactNode;
  if (result.isPending) {
    body = (
      <ul className="library-grid" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <Card size="small">
              <Skeleton.Node active className="library-skeleton-image" />
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </li>
        ))}
      </ul>
    );
  } else if (result.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={props.loadFailed}
        description={result.error?.message}
        action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else body = count === 0 ? props.empty : props.children;

  return (
    <>
      {summary !== undefined && (
        <div className="library-summary" aria-live="polite">
          {summary}
        </div>
      )}
      <div className={result.isPlaceholderData ? 'library-results is-stale' : 'library-results'}>
        {body}
      </div>
      {total !== undefined && total > 0 && (
        <Pagination
          className="library-pagination"
          current={page}
          pageSize={size}
          total={total}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          onChange={(next, nextSize) =>
            onPage(nextSize === size ? { page: next } : { page: 1, size: nextSize })
          }
        />
      )}
    </>
  );
}
