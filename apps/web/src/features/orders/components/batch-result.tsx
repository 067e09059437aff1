import { Modal } from 'antd';
import type { TFunction } from 'i18next';
import { feedback } from '../../../shared/feedback.ts';
import type { BatchOutcome } from '../order-query.ts';

/**
 * Tells the outcome of a batch action: a success message when every order went through,
 * otherwise a dialog listing each failed order with the server's reason.
 */
export function showBatchResult(t: TFunction, action: string, outcomes: readonly BatchOutcome[]) {
  const failed = outcomes.filter((o) => !o.ok);
  const ok = outcomes.length - failed.length;
  if (failed.length === 0) {
    feedback.success(t('orders.batch.allOk', { action, ok }));
    return;
  }
  Modal.warning({
    title: t('orders.batch.resultTitle', { action, ok, failed: failed.length }),
    width: 560,
    content: (
      <div className="orders-batch-result" data-testid="batch-result">
        <div className="orders-batch-result-heading">{t('orders.batch.failures')}</div>
        <ul>
          {failed.map((o) => (
            <li key={o.id}>
              <strong>{o.number}</strong>: {o.reason}
            </li>
          ))}
        </ul>
      </div>
    ),
  });
}
