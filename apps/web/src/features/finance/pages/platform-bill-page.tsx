import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Empty, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BillQuery, formatMinor, permOf, type BillMonth } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { readQueryWith } from '../../../shared/url-query.ts';
import { exportBillMonth, useBill } from '../api/bill.ts';
import { financePaths } from '../paths.ts';
import '../finance.css';

type SumKey = 'recharge_minor' | 'payment_minor' | 'refund_minor' | 'level_purchase_minor';
const SUMMED: readonly SumKey[] = [
  'recharge_minor',
  'payment_minor',
  'refund_minor',
  'level_purchase_minor',
];

function readYear(params: URLSearchParams): number {
  const parsed = readQueryWith(BillQuery.partial(), ['year'], params);
  return parsed.year ?? new Date().getFullYear();
}

/** /my/platformbill: twelve monthly statements of a year with a totals row and a CSV per month. */
export function PlatformBillPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const year = readYear(params);
  const bill = useBill(year);
  const canExport = useCan(permOf(financePaths.platformBill, 'export'));
  const [exporting, setExporting] = useState<string | null>(null);
  const months = bill.data ?? [];

  const download = async (month: string) => {
    setExporting(month);
    try {
      const file = `bill-${month}.csv`;
      saveBlob(await exportBillMonth(month), file);
      feedback.success(t('finance.exported', { file }));
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(null);
    }
  };

  const money = (key: keyof BillMonth, title: string) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (value: number) => <span className="finance-amount">{formatMinor(value)}</span>,
  });
  const columns: TableColumnsType<BillMonth> = [
    { title: t('finance.bill.columns.month'), dataIndex: 'month', width: 110 },
    money('opening_minor', t('finance.bill.columns.opening')),
    money('recharge_minor', t('finance.bill.columns.recharge')),
    money('payment_minor', t('finance.bill.columns.payment')),
    money('refund_minor', t('finance.bill.columns.refund')),
    money('level_purchase_minor', t('finance.bill.columns.level')),
    money('closing_minor', t('finance.bill.columns.closing')),
    { title: t('finance.bill.columns.entries'), dataIndex: 'entries', align: 'right', width: 90 },
    ...(canExport
      ? [
          {
            title: t('finance.bill.columns.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, row: BillMonth) => (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                disabled={row.entries === 0}
                loading={exporting === row.month}
                aria-label={`${t('finance.bill.exportMonth')} ${row.month}`}
                onClick={() => void download(row.month)}
              >
                {t('finance.bill.exportMonth')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const totals = (key: SumKey) => months.reduce((sum, month) => sum + month[key], 0);
  const summary = () =>
    months.length === 0 ? null : (
      <Table.Summary.Row className="finance-totals">
        <Table.Summary.Cell index={0}>{t('finance.bill.totals')}</Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right">
          {formatMinor(months[0]!.opening_minor)}
        </Table.Summary.Cell>
        {SUMMED.map((key, i) => (
          <Table.Summary.Cell key={key} index={i + 2} align="right">
            {formatMinor(totals(key))}
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={6} align="right">
          {formatMinor(months.at(-1)!.closing_minor)}
        </Table.Summary.Cell>
        <Table.Summary.Cell index={7} align="right">
          {months.reduce((sum, month) => sum + month.entries, 0)}
        </Table.Summary.Cell>
        {canExport && <Table.Summary.Cell index={8} />}
      </Table.Summary.Row>
    );

  return (
    <Card className="page-card finance-page" variant="borderless" title={title}>
      <div className="finance-toolbar">
        <DatePicker
          picker="year"
          allowClear={false}
          aria-label={t('finance.bill.year')}
          value={dayjs(new Date(year, 0, 1))}
          disabledDate={(date) => date.year() > new Date().getFullYear() || date.year() < 2000}
          onChange={(date) => {
            if (date) setParams(new URLSearchParams({ year: String(date.year()) }));
          }}
        />
        <Button
          icon={<ReloadOutlined />}
          loading={bill.isFetching && !bill.isPending}
          onClick={() => void bill.refetch()}
        >
          {t('finance.refresh')}
        </Button>
      </div>
      {bill.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('finance.loadFailed')}
          description={bill.error.message}
          action={<Button onClick={() => void bill.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<BillMonth>
          rowKey="month"
          columns={columns}
          dataSource={months}
          loading={bill.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('finance.bill.empty')} />
            ),
          }}
          summary={summary}
        />
      )}
    </Card>
  );
}
