import { Button } from 'antd';
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BatchResult, FinishedProductSummary } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { duplicateProduct, useGoodsMutation } from '../api/finished-products.ts';
import { sharedDetailPath } from '../paths.ts';
import { showBatchResults } from './batch-results.tsx';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

/**
 * Copies shared products into the seller's library. There is no batch endpoint, so a batch is
 * one duplicate per product, each reported on its own.
 */
async function duplicateEach(ids: number[]): Promise<BatchResult> {
  const settled = await Promise.allSettled(ids.map((id) => duplicateProduct(id)));
  return {
    results: settled.map((outcome, index) => ({
      id: ids[index]!,
      ok: outcome.status === 'fulfilled',
      reason:
        outcome.status === 'rejected'
          ? outcome.reason instanceof Error
            ? outcome.reason.message
            : String(outcome.reason)
          : null,
      productId: outcome.status === 'fulfilled' ? outcome.value.id : null,
    })),
  };
}

/** Row and batch actions of the shared finished library (/goods/productHouseG). */
export function useSharedActions(items: readonly FinishedProductSummary[]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copy = useGoodsMutation(duplicateEach);

  const run = (ids: number[], done?: () => void) =>
    copy.mutate(ids, {
      onSuccess: (result) => {
        if (ids.length === 1 && result.results[0]?.ok) {
          feedback.success(t('goods.messages.copiedToLibrary'));
        } else {
          showBatchResults(t, result, items, 'duplicated');
        }
        done?.();
      },
      onError: (error) => reportError(error),
    });

  const rowActions = (item: FinishedProductSummary) => [
    <IconAction
      key="view"
      label={t('goods.actions.view')}
      icon={<EyeOutlined />}
      onClick={() => void navigate(sharedDetailPath(item.id))}
    />,
    <IconAction
      key="copy"
      label={t('goods.actions.copyToLibrary')}
      icon={<PlusOutlined />}
      onClick={() => run([item.id])}
    />,
  ];

  const batchActions = (ids: number[], done: () => void) => [
    <Button
      key="copy"
      type="primary"
      icon={<PlusOutlined />}
      loading={copy.isPending}
      onClick={() => run(ids, done)}
    >
      {t('goods.actions.copyToLibrary')}
    </Button>,
  ];

  return { rowActions, batchActions, copy: run, copying: copy.isPending };
}
