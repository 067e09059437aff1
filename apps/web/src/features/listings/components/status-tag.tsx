import { useState } from 'react';
import { Popover, Space, Tag, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Listing, ListingIssue, ListingRow, ListingStatus } from '@app/shared';
import { MISSING_PRODUCT_ID, UpcGuidance } from './upc-guidance.tsx';

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

/**
 * Codes whose marketplace text does not say what the seller can do about it: explained in the
 * reader's language, the marketplace's own words after it.
 */
const EXPLAINED: Partial<Record<string, 'listings.issueCodes.ACCESS_DENIED'>> = {
  ACCESS_DENIED: 'listings.issueCodes.ACCESS_DENIED',
};

/** The marketplace's issues as a list, each with the fields it names. */
export function IssueList({
  issues,
  brand,
  guidance = true,
}: {
  issues: readonly ListingIssue[];
  /** The listing's brand, for the GTIN-exemption way out of a missing UPC. */
  brand?: string | undefined;
  /** false where the compliance panel beside it already shows the UPC guidance. */
  guidance?: boolean;
}) {
  const { t } = useTranslation();
  const noCode = guidance && issues.some((issue) => issue.code === MISSING_PRODUCT_ID);
  return (
    <>
      <ul className="listings-issues">
        {issues.map((issue, i) => {
          const explained = EXPLAINED[issue.code];
          return (
            <li key={`${issue.code}-${i}`}>
              {explained && <Typography.Text type="danger">{t(explained)} </Typography.Text>}
              <Typography.Text
                type={issue.severity === 'error' ? 'danger' : 'warning'}
                style={explained ? { opacity: 0.75 } : undefined}
              >
                {issue.message}
              </Typography.Text>
              {issue.fields.length > 0 && (
                <Typography.Text type="secondary"> ({issue.fields.join(', ')})</Typography.Text>
              )}
            </li>
          );
        })}
      </ul>
      {noCode && <UpcGuidance brand={brand} />}
    </>
  );
}

/** A failed row's issues, fetched when the seller opens the popover. */
export function IssuesPopover({
  count,
  issues,
  brand,
  loading,
  onOpen,
}: {
  count: number;
  issues: readonly ListingIssue[] | undefined;
  brand?: string | undefined;
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
          <IssueList issues={issues} brand={brand} />
        )
      }
    >
      <Typography.Link>{t('listings.messages.issueCount', { count })}</Typography.Link>
    </Popover>
  );
}

/**
 * A row's issues, loaded from the listing only when the popover opens, through the detail
 * query of the row's marketplace (each marketplace's routes answer only their own listings).
 */
export function RowIssues({
  row,
  useDetail,
}: {
  row: ListingRow;
  useDetail: (id: number | null) => UseQueryResult<Listing>;
}) {
  const [open, setOpen] = useState(false);
  const detail = useDetail(open ? row.id : null);
  return (
    <IssuesPopover
      count={row.issue_count}
      issues={detail.data?.issues}
      brand={detail.data?.brand}
      loading={detail.isLoading}
      onOpen={() => setOpen(true)}
    />
  );
}
