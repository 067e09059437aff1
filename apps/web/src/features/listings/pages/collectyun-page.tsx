import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Input,
  Modal,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import {
  CloudUploadOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileTextOutlined,
  GlobalOutlined,
  StopOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  LISTING_STATUSES,
  ListingIndexQuery,
  permOf,
  type ListingBatchKind,
  type ListingBatchStarted,
  type ListingRow,
  type ListingStatus,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { saveBlob } from '../../../shared/save-blob.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { readQueryWith, writeQueryWith } from '../../../shared/url-query.ts';
import {
  BATCH_CALLS,
  copyListing,
  downloadData,
  downloadImages,
  publishListing,
  takeDownListing,
  useListing,
  useListingMutation,
  useListings,
} from '../api/listings.ts';
import { BatchDialog, type RunningBatch } from '../components/batch-dialog.tsx';
import { ContentDialog } from '../components/content-dialog.tsx';
import { CreateDialog } from '../components/create-dialog.tsx';
import { IssuesPopover, StatusTag } from '../components/status-tag.tsx';
import { StoreSelect } from '../components/store-select.tsx';
import { formatPriceRange } from '../money.ts';
import { parseIds } from '../../../shared/url-query.ts';
import { editorPath, LISTINGS_PATH, MULTISTATION_PATH } from '../paths.ts';
import '../listings.css';

const KEYS = [
  'market_id',
  'status',
  'keyword',
  'start_time',
  'end_time',
  'page',
  'size',
  'sort',
  'order',
] as const;
const DEFAULTS = ListingIndexQuery.parse({});
const ALL = 'all';
const perm = (action: string) => permOf(LISTINGS_PATH, action);

function RowIssues({ row }: { row: ListingRow }) {
  const [open, setOpen] = useState(false);
  const detail = useListing(open ? row.id : null);
  return (
    <IssuesPopover
      count={row.issue_count}
      issues={detail.data?.issues}
      loading={detail.isLoading}
      onOpen={() => setOpen(true)}
    />
  );
}

/** /goods/collectyun: the Amazon cloud warehouse. Filters, tab and page live in the URL. */
export function CollectyunPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQueryWith(ListingIndexQuery, KEYS, params);
  const creating = parseIds(params.get('create'));
  const result = useListings(query);
  const [selected, setSelected] = useState<number[]>([]);
  const [batch, setBatch] = useState<RunningBatch | null>(null);
  const [contentFor, setContentFor] = useState<number[] | null>(null);
  const [downloading, setDownloading] = useState<'data' | 'images' | null>(null);
  const copy = useListingMutation(copyListing);
  const single = useListingMutation(({ kind, id }: { kind: 'publish' | 'down'; id: number }) =>
    kind === 'publish' ? publishListing(id) : takeDownListing(id),
  );
  const many = useListingMutation(
    ({ kind, ids }: { kind: keyof typeof BATCH_CALLS; ids: number[] }) => BATCH_CALLS[kind](ids),
  );
  const can = {
    update: useCan(perm('update')),
    publish: useCan(perm('publish')),
    down: useCan(perm('down')),
    delete: useCan(perm('delete')),
    export: useCan(perm('export')),
  };

  const rows = result.data?.list ?? [];
  const counts = result.data?.counts;
  const pagination = result.data?.pagination;
  const titles = Object.fromEntries(rows.map((r) => [r.id, r.title]));
  const filtered =
    query.market_id !== undefined ||
    query.keyword !== undefined ||
    query.start_time !== undefined ||
    query.status !== undefined;

  const update = (patch: Partial<ListingIndexQuery>, extra: Record<string, string> = {}) => {
    setSelected([]);
    setParams(writeQueryWith({ ...query, page: 1, ...patch }, DEFAULTS, extra));
  };
  const closeCreate = () => setParams(writeQueryWith(query, DEFAULTS));

  const started = (kind: ListingBatchKind, answer: ListingBatchStarted) => {
    setSelected([]);
    setBatch({ kind, started: answer, titles });
  };

  const runOne = (kind: 'publish' | 'down', row: ListingRow) =>
    single.mutate(
      { kind, id: row.id },
      { onSuccess: (answer) => started(kind, answer), onError: (error) => reportError(error) },
    );

  const confirmMany = (kind: keyof typeof BATCH_CALLS, ids: number[]) =>
    Modal.confirm({
      title:
        ids.length === 1 && kind !== 'publish'
          ? t(kind === 'down' ? 'listings.confirm.downOne' : 'listings.confirm.deleteOne', {
              title: titles[ids[0]!] ?? `#${ids[0]}`,
            })
          : t(`listings.confirm.${kind}`, { count: ids.length }),
      content:
        kind === 'delete'
          ? t('listings.confirm.deleteHint')
          : kind === 'down'
            ? t('listings.confirm.downHint')
            : undefined,
      okText: t(`listings.actions.${kind}`),
      okButtonProps: { danger: kind !== 'publish' },
      cancelText: t('common.cancel'),
      onOk: () =>
        many
          .mutateAsync({ kind, ids })
          .then((answer) => started(kind, answer))
          .catch((error: unknown) => reportError(error)),
    });

  const download = async (which: 'data' | 'images', ids: number[]) => {
    setDownloading(which);
    try {
      const blob = await (which === 'data' ? downloadData : downloadImages)(ids);
      saveBlob(blob, which === 'data' ? 'amazon-listings.xlsx' : 'amazon-listing-images.zip');
    } catch (error) {
      reportError(error);
    } finally {
      setDownloading(null);
    }
  };

  const tabCount = (status: ListingStatus | typeof ALL) =>
    counts
      ? status === ALL
        ? Object.values(counts).reduce((a, b) => a + b, 0)
        : (counts[status] ?? 0)
      : undefined;

  return (
    <Card className="page-card listings-page" variant="borderless" title={title}>
      <div className="listings-filters" role="search">
        <StoreSelect
          aria-label={t('listings.filters.store')}
          className="listings-filters__store"
          allowClear
          placeholder={t('listings.filters.allStores')}
          value={query.market_id}
          onChange={(value) => update({ market_id: value ?? undefined })}
        />
        <Input.Search
          key={query.keyword ?? ''}
          className="listings-filters__keyword"
          aria-label={t('listings.filters.keyword')}
          placeholder={t('listings.filters.keyword')}
          defaultValue={query.keyword}
          allowClear
          onSearch={(value) => update({ keyword: value.trim() || undefined })}
        />
        <DatePicker.RangePicker
          aria-label={t('listings.filters.dates')}
          value={
            query.start_time !== undefined && query.end_time !== undefined
              ? [dayjs.unix(query.start_time), dayjs.unix(query.end_time)]
              : null
          }
          onChange={(range) =>
            update({
              start_time: range?.[0]?.startOf('day').unix(),
              end_time: range?.[1]?.endOf('day').unix(),
            })
          }
        />
        <Button onClick={() => update({ ...DEFAULTS, status: query.status })}>
          {t('listings.filters.reset')}
        </Button>
        <div className="listings-filters__spacer" />
        <Button icon={<CloudUploadOutlined />} onClick={() => void navigate('/goods/collect')}>
          {t('listings.actions.create')}
        </Button>
      </div>
      <Tabs
        activeKey={query.status ?? ALL}
        onChange={(key) => update({ status: key === ALL ? undefined : (key as ListingStatus) })}
        items={([ALL, ...LISTING_STATUSES] as const).map((status) => {
          const count = tabCount(status);
          return {
            key: status,
            label: `${status === ALL ? t('listings.filters.all') : t(`listings.status.${status}`)}${
              count === undefined ? '' : ` (${count})`
            }`,
          };
        })}
      />
      {selected.length > 0 && (
        <div
          className="listings-batchbar"
          role="toolbar"
          aria-label={t('listings.actions.selected', { count: selected.length })}
        >
          <Typography.Text strong>
            {t('listings.actions.selected', { count: selected.length })}
          </Typography.Text>
          {can.publish && (
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={() => confirmMany('publish', selected)}
            >
              {t('listings.actions.publish')}
            </Button>
          )}
          {can.down && (
            <Button icon={<StopOutlined />} onClick={() => confirmMany('down', selected)}>
              {t('listings.actions.down')}
            </Button>
          )}
          {can.update && (
            <Button icon={<FileTextOutlined />} onClick={() => setContentFor(selected)}>
              {t('listings.actions.updateContent')}
            </Button>
          )}
          {can.update && selected.length > 1 && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(editorPath(selected))}>
              {t('listings.actions.edit')}
            </Button>
          )}
          {can.export && (
            <Button
              icon={<DownloadOutlined />}
              loading={downloading === 'data'}
              onClick={() => void download('data', selected)}
            >
              {t('listings.actions.downloadData')}
            </Button>
          )}
          {can.export && (
            <Button
              icon={<DownloadOutlined />}
              loading={downloading === 'images'}
              onClick={() => void download('images', selected)}
            >
              {t('listings.actions.downloadImages')}
            </Button>
          )}
          {can.delete && (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => confirmMany('delete', selected)}
            >
              {t('listings.actions.delete')}
            </Button>
          )}
          <Button type="link" onClick={() => setSelected([])}>
            {t('listings.actions.clear')}
          </Button>
        </div>
      )}
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('listings.messages.loadFailed')}
          action={
            <Button onClick={() => void result.refetch()}>{t('listings.messages.retry')}</Button>
          }
        />
      ) : (
        <Table<ListingRow>
          rowKey="id"
          loading={result.isFetching}
          dataSource={rows}
          scroll={{ x: 1300 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          locale={{
            emptyText: (
              <Empty
                description={t(
                  filtered ? 'listings.messages.emptyFiltered' : 'listings.messages.empty',
                )}
              />
            ),
          }}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.order ? (one.columnKey as ListingIndexQuery['sort']) : undefined;
            update({
              sort: field ?? DEFAULTS.sort,
              order: one?.order === 'ascend' ? 'asc' : 'desc',
              page: query.page,
            });
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('listings.messages.total', { total }),
              onChange: (page, size) => update({ page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
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
              sortOrder:
                query.sort === 'title' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
              render: (_, row) => (
                <div className="listings-title-cell">
                  <Typography.Link onClick={() => void navigate(editorPath([row.id]))}>
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
                  {row.issue_count > 0 && <RowIssues row={row} />}
                </Space>
              ),
            },
            {
              key: 'updated_at',
              title: t('listings.columns.updated'),
              width: 170,
              sorter: true,
              sortOrder:
                query.sort === 'updated_at' ? (query.order === 'asc' ? 'ascend' : 'descend') : null,
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
                      onClick={() => void navigate(editorPath([row.id]))}
                    />
                  )}
                  {can.publish && row.status !== 'publishing' && (
                    <IconAction
                      label={t('listings.actions.publish')}
                      icon={<CloudUploadOutlined />}
                      onClick={() => runOne('publish', row)}
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
                          onOk: () => runOne('down', row),
                        })
                      }
                    />
                  )}
                  {can.update && (
                    <IconAction
                      label={t('multistation.action')}
                      icon={<GlobalOutlined />}
                      onClick={() => void navigate(`${MULTISTATION_PATH}?id=${row.id}`)}
                    />
                  )}
                  {can.update && (
                    <IconAction
                      label={t('listings.actions.copy')}
                      icon={<CopyOutlined />}
                      onClick={() =>
                        copy.mutate(row.id, {
                          onSuccess: () => feedback.success(t('listings.messages.copied')),
                          onError: (error) => reportError(error),
                        })
                      }
                    />
                  )}
                  {can.delete && (
                    <IconAction
                      danger
                      label={t('listings.actions.delete')}
                      icon={<DeleteOutlined />}
                      onClick={() => confirmMany('delete', [row.id])}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {creating.length > 0 && <CreateDialog goodsIds={creating} onClose={closeCreate} />}
      {contentFor && (
        <ContentDialog
          ids={contentFor}
          onClose={() => setContentFor(null)}
          onStarted={(answer) => {
            setContentFor(null);
            started('update-content', answer);
          }}
        />
      )}
      {batch && <BatchDialog batch={batch} onClose={() => setBatch(null)} />}
    </Card>
  );
}
