import { Modal, Space, Typography, type TableColumnsType } from 'antd';
import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  GlobalOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { formatTimestamp, type ListingIndexQuery, type ListingRow } from '@app/shared';
import { IconAction } from '../../../../shared/ui/icon-action.tsx';
import { useListing } from '../../api/listings.ts';
import { formatPriceRange } from '../../money.ts';
import { editorPath, MULTISTATION_PATH } from '../../paths.ts';
import { RowIssues, StatusTag } from '../status-tag.tsx';
import type { ListingActions } from './use-listing-actions.ts';

/** What the signed-in user may do to listings. */
export interface ListingPerms {
  update: boolean;
  publish: boolean;
  down: boolean;
  delete: boolean;
  export: boolean;
}

const sortOrder = (query: ListingIndexQuery, key: ListingIndexQuery['sort']) =>
  query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null;

/** The warehouse table's columns; title and updated sort on the server. */
export function listingColumns({
  t,
  query,
  can,
  actions,
  open,
}: {
  t: TFunction;
  query: ListingIndexQuery;
  can: ListingPerms;
  actions: ListingActions;
  /** Goes to a page of the app (the editor, multistation). */
  open: (path: string) => void;
}): TableColumnsType<ListingRow> {
  return [
    {
      key: 'image',
      title: t('listings.columns.image'),
      width: 84,
      render: (_, row) =>
        row.main_image ? (
          <img className="listings-thumb" src={row.main_image} alt="" loading="lazy" />
        ) : (
          <div className="listings-thumb listings-thumb--empty" />
        ),
    },
    {
      key: 'title',
      title: t('listings.columns.title'),
      width: 320,
      sorter: true,
      sortOrder: sortOrder(query, 'title'),
      render: (_, row) => (
        <div className="listings-title-cell">
          <Typography.Link onClick={() => open(editorPath([row.id]))}>
            {row.title || `#${row.id}`}
          </Typography.Link>
          {row.remote_id && (
            <Typography.Text type="secondary">ASIN {row.remote_id}</Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'sku',
      title: t('listings.columns.sku'),
      render: (_, row) => (
        <div className="listings-title-cell">
          <span>{row.parent_sku}</span>
          {row.sku_count > 1 && (
            <Typography.Text type="secondary">
              {t('listings.columns.skuCount', { count: row.sku_count })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'price',
      title: t('listings.columns.price'),
      align: 'right',
      render: (_, row) => formatPriceRange(row),
    },
    {
      key: 'site',
      title: t('listings.columns.site'),
      render: (_, row) => `${row.site_code} · ${row.store_alias}`,
    },
    {
      key: 'status',
      title: t('listings.columns.status'),
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <StatusTag status={row.status} changed={row.changed} />
          {row.issue_count > 0 && <RowIssues row={row} useDetail={useListing} />}
        </Space>
      ),
    },
    {
      key: 'updated_at',
      title: t('listings.columns.updated'),
      width: 170,
      sorter: true,
      sortOrder: sortOrder(query, 'updated_at'),
      render: (_, row) => formatTimestamp(row.updated_at),
    },
    {
      key: 'actions',
      title: t('listings.columns.actions'),
      width: 190,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {can.update && (
            <IconAction
              label={t('listings.actions.edit')}
              icon={<EditOutlined />}
              onClick={() => open(editorPath([row.id]))}
            />
          )}
          {can.publish && row.status !== 'publishing' && (
            <IconAction
              label={t('listings.actions.publish')}
              icon={<CloudUploadOutlined />}
              onClick={() => actions.runOne('publish', row)}
            />
          )}
          {can.down && row.status === 'published' && (
            <IconAction
              label={t('listings.actions.down')}
              icon={<StopOutlined />}
              onClick={() =>
                Modal.confirm({
                  title: t('listings.confirm.downOne', { title: row.title }),
                  content: t('listings.confirm.downHint'),
                  okText: t('listings.actions.down'),
                  okButtonProps: { danger: true },
                  cancelText: t('common.cancel'),
                  onOk: () => actions.runOne('down', row),
                })
              }
            />
          )}
          {can.update && (
            <IconAction
              label={t('multistation.action')}
              icon={<GlobalOutlined />}
              onClick={() => open(`${MULTISTATION_PATH}?id=${row.id}`)}
            />
          )}
          {can.update && (
            <IconAction
              label={t('listings.actions.copy')}
              icon={<CopyOutlined />}
              onClick={() => actions.copyOne(row)}
            />
          )}
          {can.delete && (
            <IconAction
              danger
              label={t('listings.actions.delete')}
              icon={<DeleteOutlined />}
              onClick={() => actions.confirmMany('delete', [row.id])}
            />
          )}
        </Space>
      ),
    },
  ];
}
