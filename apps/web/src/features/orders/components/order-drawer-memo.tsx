import { useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Order } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { saveMemo, useOrderMutation } from '../api/orders.ts';

/** The memo box; keyed by the saved memo so a save (or another user's) shows at once. */
export function MemoEditor({
  order,
  canMemo,
  visible,
}: {
  order: Order;
  canMemo: boolean;
  visible: boolean;
}) {
  const { t } = useTranslation();
  const [memo, setMemo] = useState(order.memo);
  const save = useOrderMutation(saveMemo);
  return (
    <section className="orders-drawer-section">
      <Typography.Title level={5}>{t('orders.drawer.memo')}</Typography.Title>
      <Input.TextArea
        aria-label={t('orders.drawer.memo')}
        value={memo}
        maxLength={1000}
        showCount
        disabled={!canMemo}
        placeholder={t('orders.drawer.memoPlaceholder')}
        onChange={(e) => setMemo(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
      />
      {visible && (
        <Button
          className="orders-gap-top"
          loading={save.isPending}
          disabled={memo === order.memo || !canMemo}
          onClick={async () => {
            try {
              await save.mutateAsync({ id: order.id, memo });
              feedback.success(t('orders.drawer.memoSaved'));
            } catch (error) {
              reportError(error);
            }
          }}
        >
          {t('orders.drawer.saveMemo')}
        </Button>
      )}
    </section>
  );
}
