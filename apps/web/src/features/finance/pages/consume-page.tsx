import { useState } from 'react';
import { Button, Card } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEDGER_KINDS, permOf, type LedgerQuery } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { exportLedger, useLedger } from '../api/ledger.ts';
import { LedgerFilters } from '../components/ledger-filters.tsx';
import { LedgerResults } from '../components/ledger-table.tsx';
import { financePaths } from '../paths.ts';
import { readLedgerQuery, writeLedgerQuery } from '../url-state.ts';
import '../finance.css';

/** `transactions-20260301.csv`: the day of the download, so repeated exports sort by date. */
function exportName(): string {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  return `transactions-${stamp}.csv`;
}

/** /my/consume: every money movement with kind and date filters, and a CSV export of them. */
export function ConsumePage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readLedgerQuery(params);
  const result = useLedger(query);
  const canExport = useCan(permOf(financePaths.consume, 'export'));
  const [exporting, setExporting] = useState(false);
  const filtered = query.kind !== undefined || query.start !== undefined;

  const update = (patch: Partial<LedgerQuery>) =>
    setParams(writeLedgerQuery({ ...query, page: 1, ...patch }));

  const download = async () => {
    setExporting(true);
    try {
      const file = exportName();
      saveBlob(await exportLedger(query), file);
      feedback.success(t('finance.exported', { file }));
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="page-card finance-page" variant="borderless" title={title}>
      <div className="finance-toolbar">
        <LedgerFilters query={query} kinds={LEDGER_KINDS} onChange={update} />
        <div className="finance-toolbar__actions">
          <Button
            icon={<ReloadOutlined />}
            loading={result.isFetching && !result.isPending}
            onClick={() => void result.refetch()}
          >
            {t('finance.refresh')}
          </Button>
          {canExport && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
              {t('finance.export')}
            </Button>
          )}
        </div>
      </div>
      <LedgerResults
        result={result}
        emptyText={t(filtered ? 'finance.ledger.emptyFiltered' : 'finance.ledger.empty')}
        onPage={(page, size) =>
          setParams(writeLedgerQuery({ ...query, page: size === query.size ? page : 1, size }))
        }
      />
    </Card>
  );
}
