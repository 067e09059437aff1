import { Popover, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingIssue, ListingStatus } from '@app/shared';

const COLORS: Record<ListingStatus, string> = {
  draft: 'default',
  publishing: 'processing',
  published: 'success',
  failed: 'error',
  taken_down: 'warning',
};

/** A listing's status; an edited published listing says so. */
export function StatusTag({ status, changed }: { status: ListingStatus; changed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={COLORS[status]}>{t(`listings.status.${status}`)}</Tag>
      {changed && status !== 'draft' && <Tag color="gold">{t('listings.changed')}</Tag>}
    </Space>
  );
}

/** The marketplace's issues as a list, each with the fields it names. */
export function IssueList({ issues }: { issues: readonly ListingIssue[] }) {
  return (
    <ul className="listings-issues">
      {issues.map((issue, i) => (
        <li key={`${issue.code}-${i}`}>
          <Typography.Text type={issue.severity === 'error' ? 'danger' : 'warning'}>
            {issue.message}
          </Typography.Text>
          {issue.fields.length > 0 && (
            <Typography.Text type="secondary"> ({issue.fields.join(', ')})</Typography.Text>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A failed row's issues, fetched when the seller opens the popover. */
export function IssuesPopover({
  count,
  issues,
  loading,
  onOpen,
}: {
  count: number;
  issues: readonly ListingIssue[] | undefined;
  loading: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      title={t('listings.messages.issues')}
      trigger="click"
      onOpenChange={(open) => open && onOpen()}
      content={
        loading || !issues ? (
          <Typography.Text type="secondary">…</Typography.Text>
        ) : (
          <IssueList issues={issues} />
        )
      }
    >
      <Typography.Link>{t('listings.messages.issueCount', { count })}</Typography.Link>
    </Popover>
  );
}
