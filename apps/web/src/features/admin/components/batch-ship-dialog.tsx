import { useCallback, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  SHIP_IMPORT_MAX_BYTES,
  ShipImportBadRows,
  ShipImportReport,
  type JobState,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import { SheetDrop } from '../../../shared/jobs/sheet-drop.tsx';
import { saveBlob } from '../../../shared/save-blob.ts';
import { production } from '../api/production.ts';

const MB = SHIP_IMPORT_MAX_BYTES / 1024 / 1024;
/** The columns the server reads, in its order; it skips row 1 as the header. */
const TEMPLATE_HEADER = 'po_number,carrier,tracking_no,sku,quantity\r\n';

/** A row the desk did not ship: refused when the file was read, or by the job's ship. */
interface RefusedRow {
  rows: number[];
  number: string;
  reason: string;
}

type Stage =
  | { step: 'pick' }
  | { step: 'shipping' | 'failed'; jobId: string; refused: RefusedRow[] }
  | { step: 'done'; shipped: number; refused: RefusedRow[] };

/** The 422's refused rows and the job still shipping the good ones; null for any other refusal. */
function badRowsOf(error: unknown): ShipImportBadRows | null {
  if (!isApiError(error) || error.key !== 'production.import_bad_rows') return null;
  const parsed = ShipImportBadRows.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Batch ship from a file: template, upload with progress, the job's progress, then the packages
 * shipped and every refused row with its PO and the server's reason. `onShipped` whenever the
 * desk may have changed.
 */
export function BatchShipDialog({
  onClose,
  onShipped,
}: {
  onClose: () => void;
  onShipped: () => void;
}) {
  const { t } = useTranslation();
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const [problem, setProblem] = useState<string | null>(null);

  const send = (file: File, onProgress: (percent: number) => void) => {
    setProblem(null);
    return production.shipImport(file, onProgress).then(
      ({ job_id }) => setStage({ step: 'shipping', jobId: job_id, refused: [] }),
      (error: unknown) => {
        const bad = badRowsOf(error);
        if (!bad) {
          setStage({ step: 'pick' });
          if (!isApiError(error) || !error.handled)
            setProblem(
              t('admin.production.batchShip.uploadFailed', {
                reason: isApiError(error) ? (error.fields?.file ?? error.message) : String(error),
              }),
            );
          return;
        }
        const refused = bad.rows.map((r) => ({ ...r, rows: [r.row] }));
        if (bad.job_id) setStage({ step: 'shipping', jobId: bad.job_id, refused });
        else setStage({ step: 'done', shipped: 0, refused });
      },
    );
  };

  const onFinished = useCallback(
    (job: JobState) => {
      onShipped();
      const report = ShipImportReport.safeParse(job.result);
      setStage((s) => {
        if (s.step !== 'shipping') return s;
        if (job.status !== 'succeeded' || !report.success) return { ...s, step: 'failed' };
        const refused = [...s.refused, ...report.data.failed].sort(
          (a, b) => a.rows[0]! - b.rows[0]!,
        );
        return { step: 'done', shipped: report.data.shipped, refused };
      });
    },
    [onShipped],
  );

  const template = () =>
    saveBlob(
      // The byte-order mark makes Excel read the file as UTF-8.
      new Blob([`\ufeff${TEMPLATE_HEADER}`], { type: 'text/csv;charset=utf-8' }),
      t('admin.production.batchShip.templateFile'),
    );

  const busy = stage.step === 'shipping';

  return (
    <Modal
      open
      title={t('admin.production.batchShip.title')}
      width={720}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('admin.production.batchShip.close')}</Button>}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('admin.production.batchShip.intro')}
        </Typography.Paragraph>
        <div>
          <Button icon={<DownloadOutlined />} onClick={template}>
            {t('admin.production.batchShip.template')}
          </Button>
        </div>
        <SheetDrop
          title={t('admin.production.batchShip.dragTitle')}
          hint={t('admin.production.batchShip.dragHint', { mb: MB })}
          maxBytes={SHIP_IMPORT_MAX_BYTES}
          disabled={busy}
          send={send}
        />
        {problem && <Alert type="error" showIcon title={problem} />}
        {(stage.step === 'shipping' || stage.step === 'failed') && (
          <JobProgress jobId={stage.jobId} onFinished={onFinished} session="operator" />
        )}
        {stage.step === 'done' && <ShipResult shipped={stage.shipped} refused={stage.refused} />}
      </Flex>
    </Modal>
  );
}

function ShipResult({ shipped, refused }: { shipped: number; refused: RefusedRow[] }) {
  const { t } = useTranslation();
  const rows = refused.flatMap((r) => r.rows).join(', ');
  return (
    <Flex vertical gap={12} data-testid="batch-ship-result">
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'shipped', label: t('admin.production.batchShip.shipped'), children: shipped },
          {
            key: 'refused',
            label: t('admin.production.batchShip.refused'),
            children: refused.reduce((sum, r) => sum + r.rows.length, 0),
          },
        ]}
      />
      {refused.length === 0 ? (
        <Alert type="success" showIcon title={t('admin.production.batchShip.allShipped')} />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('admin.production.batchShip.notShipped', { rows })}
          />
          <Table<RefusedRow>
            size="small"
            rowKey={(r) => r.rows.join(',')}
            dataSource={refused}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              {
                key: 'row',
                title: t('admin.production.batchShip.row'),
                width: 90,
                render: (_, r) => r.rows.join(', '),
              },
              {
                key: 'number',
                title: t('admin.production.batchShip.number'),
                width: 200,
                dataIndex: 'number',
              },
              { key: 'reason', title: t('admin.production.batchShip.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
