import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatMinor,
  type LedgerKind,
  type PurchaseOrder,
  type PurchaseOrderStatus,
} from '@app/shared';
import { PoStatusTag } from '../../../shared/ui/po-status-tag.tsx';

/** A signed change: green with + when money comes in, red with − when it goes out. */
export function SignedAmount({ minor }: { minor: number }) {
  if (minor === 0) return <span className="finance-amount">0.00</span>;
  const incoming = minor > 0;
  return (
    <span className={`finance-amount finance-amount--${incoming ? 'in' : 'out'}`}>
      {incoming ? '+' : '−'}
      {formatMinor(Math.abs(minor))}
    </span>
  );
}

const KIND_COLORS: Record<LedgerKind, string> = {
  recharge: 'green',
  payment: 'blue',
  freeze: 'orange',
  unfreeze: 'cyan',
  refund: 'purple',
  level_purchase: 'gold',
  deduction: 'red',
};

export function KindTag({ kind }: { kind: LedgerKind }) {
  const { t } = useTranslation();
  return <Tag color={KIND_COLORS[kind]}>{t(`finance.kinds.${kind}`)}</Tag>;
}

export function StatusTag({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation();
  return <PoStatusTag status={status}>{t(`finance.statuses.${status}`)}</PoStatusTag>;
}

export function PaidVia({ via }: { via: PurchaseOrder['paid_via'] }) {
  const { t } = useTranslation();
  return via ? t(`finance.paidVia.${via}`) : '—';
}
