import { Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, type Listing } from '@app/shared';
import { LISTINGS_PATH } from '../../paths.ts';
import { StatusTag } from '../status-tag.tsx';

/** The editor's head: back, store, state, ASIN, and previous/next when editing several. */
export function EditorHead({
  listing,
  position,
  onListing,
}: {
  listing: Listing;
  position: { index: number; total: number };
  onListing: (offset: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="listings-editor__head">
      <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LISTINGS_PATH)}>
        {t('listings.editor.back')}
      </Button>
      <Typography.Text strong>{`${listing.site_code} · ${listing.store_alias}`}</Typography.Text>
      <StatusTag status={listing.status} changed={listing.changed} />
      {listing.remote_id && (
        <Typography.Text type="secondary">
          {t('listings.editor.asin', { asin: listing.remote_id })}
        </Typography.Text>
      )}
      {listing.published_at !== null && (
        <Typography.Text type="secondary">
          {t('listings.editor.publishedAt', { time: formatTimestamp(listing.published_at) })}
        </Typography.Text>
      )}
      {position.total > 1 && (
        <Space className="listings-editor__nav">
          <Button
            icon={<LeftOutlined />}
            disabled={position.index <= 0}
            aria-label="previous"
            onClick={() => onListing(-1)}
          />
          <Typography.Text>
            {t('listings.editor.listing', { index: position.index + 1, total: position.total })}
          </Typography.Text>
          <Button
            icon={<RightOutlined />}
            disabled={position.index >= position.total - 1}
            aria-label="next"
            onClick={() => onListing(1)}
          />
        </Space>
      )}
    </div>
  );
}
