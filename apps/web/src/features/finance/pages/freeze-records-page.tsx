import { Button, Card, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LedgerQuery } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useFrozenRecords } from '../api/ledger.ts';
import { useFinanceInfo } from '../../../shared/payments/finance-info.ts';
import { BalanceSummary } from '../components/balance-card.tsx';
import { LedgerFilters } from '../components/ledger-filters.tsx';
import { LedgerResults } from '../components/ledger-table.tsx';
import { readLedgerQuery, writeLedgerQuery } from '../url-state.ts';
import '../finance.css';

/** /my/freezerecords: freeze and unfreeze movements with the frozen amount after each. */
export function FreezeRecordsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readLedgerQuery(params);
  const result = useFrozenRecords(query);
  const info = useFinanceInfo();
  const filtered = query.start !== undefined;

  const update = (patch: Partial<LedgerQuery>) =>
    setParams(writeLedgerQuery({ ...query, page: 1, ...patch, kind: undefined }));

  return (
    <Card className="page-card finance-page" variant="borderless" title={title}>
      <BalanceSummary info={info.data} loading={info.isPending} />
      <Typography.Paragraph type="secondary">{t('finance.freeze.hint')}</Typography.Paragraph>
      <div className="finance-toolbar">
        <LedgerFilters query={query} onChange={update} />
        <Button
          icon={<ReloadOutlined />}
          loading={result.isFetching && !result.isPending}
          onClick={() => void result.refetch()}
        >
          {t('finance.refresh')}
        </Button>
      </div>
      <LedgerResults
        result={result}
        variant="frozen"
        emptyText={t(filtered ? 'finance.ledger.emptyFiltered' : 'finance.freeze.empty')}
        onPage={(page, size) =>
          setParams(writeLedgerQuery({ ...query, page: size === query.size ? page : 1, size }))
        }
      />
    </Card>
  );
}
