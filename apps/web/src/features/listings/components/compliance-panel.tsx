import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ComplianceFinding, ComplianceReport } from '@app/shared';
import { editorFieldOf, stepOf, type StepIndex } from '../editor-form.ts';
import { MISSING_PRODUCT_ID, UpcGuidance } from './upc-guidance.tsx';

/** The server's pre-publish report; each finding leads to the step that fixes it. */
export function CompliancePanel({
  report,
  brand,
  loading,
  onRecheck,
  onJump,
}: {
  report: ComplianceReport | undefined;
  /** The listing's brand, for the GTIN-exemption way out of a missing UPC. */
  brand: string;
  loading: boolean;
  onRecheck: () => void;
  onJump: (step: StepIndex) => void;
}) {
  const { t } = useTranslation();
  const findings = [...(report?.findings ?? [])].sort(
    (a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'),
  );
  const noCode = findings.find((f) => f.rule === MISSING_PRODUCT_ID && f.severity === 'error');
  return (
    <Card
      size="small"
      title={t('listings.editor.compliance.title')}
      data-testid="compliance-panel"
      extra={
        <Button
          size="small"
          type="text"
          icon={<ReloadOutlined />}
          loading={loading}
          aria-label={t('listings.editor.compliance.recheck')}
          onClick={onRecheck}
        />
      }
    >
      {report && (
        <Space wrap>
          {report.ok ? (
            <Tag icon={<CheckCircleFilled />} color="success">
              {t('listings.editor.compliance.ok')}
            </Tag>
          ) : (
            <Tag icon={<CloseCircleFilled />} color="error">
              {t('listings.editor.compliance.errors', { count: report.errors })}
            </Tag>
          )}
          {report.warnings > 0 && (
            <Tag icon={<ExclamationCircleFilled />} color="warning">
              {t('listings.editor.compliance.warnings', { count: report.warnings })}
            </Tag>
          )}
        </Space>
      )}
      {!report && !loading && <Alert type="info" title="…" />}
      <ul className="listings-findings">
        {findings.map((finding: ComplianceFinding, i) => (
          <li key={i}>
            {finding.severity === 'error' ? (
              <CloseCircleFilled style={{ color: '#cf1322' }} />
            ) : (
              <ExclamationCircleFilled style={{ color: '#d48806' }} />
            )}
            <div>
              <Typography.Link onClick={() => onJump(stepOf(editorFieldOf(finding.field)))}>
                {t(`listings.editor.compliance.rules.${finding.rule}`)}
              </Typography.Link>
              <div>
                <Typography.Text type="secondary">{finding.message}</Typography.Text>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {noCode && (
        <UpcGuidance brand={brand} onOwnCodes={() => onJump(stepOf(editorFieldOf(noCode.field)))} />
      )}
    </Card>
  );
}
