import { Modal } from 'antd';
import type { TFunction } from 'i18next';
import type { BatchResult, FinishedProductSummary } from '@app/shared';

/**
 * After a batch, what happened to each product: one line of counts, then the ones that failed
 * with their reason, so "3 deleted, 1 in use" names the one in use.
 */
export function showBatchResults(
  t: TFunction,
  { results }: BatchResult,
  items: readonly FinishedProductSummary[],
  doneKey: 'deleted' | 'shared' | 'unshared' | 'duplicated',
): void {
  const done = results.filter((r) => r.ok).length;
  const failed = results.filter((r) => !r.ok);
  const titleOf = (id: number) => items.find((item) => item.id === id)?.title ?? `#${id}`;
  const reasonOf = (reason: string | null) =>
    reason === 'used' || reason === 'not_found'
      ? t(`goods.batch.reasons.${reason}`)
      : (reason ?? t('goods.batch.reasons.other'));
  const summary = [
    t(`goods.batch.${doneKey}`, { count: done }),
    ...(['used', 'not_found'] as const)
      .map((reason) => ({ reason, count: failed.filter((r) => r.reason === reason).length }))
      .filter(({ count }) => count > 0)
      .map(({ reason, count }) => t(`goods.batch.counts.${reason}`, { count })),
  ].join(t('goods.batch.separator'));
  (failed.length > 0 ? Modal.warning : Modal.success)({
    title: summary,
    content:
      failed.length > 0 ? (
        <ul className="goods-batch-failures">
          {failed.map((r) => (
            <li key={r.id}>
              {titleOf(r.id)}: {reasonOf(r.reason)}
            </li>
          ))}
        </ul>
      ) : undefined,
  });
}
