import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { Button, Input, Modal, Select, Space, Tabs, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LISTING_STATUSES,
  ListingIndexQuery,
  permOf,
  type Listing,
  type ListingBatchKind,
  type ListingBatchStarted,
  type ListingStatus,
} from '@app/shared';
import { reportError } from '../../../../api/form-errors.ts';
import type { ViewProps } from '../../../../shared/view-props.ts';
import { useCan } from '../../../../shared/can.tsx';
import { IconAction } from '../../../../shared/ui/icon-action.tsx';
import { parseIds, readQueryWith, writeQueryWith } from '../../../../shared/url-query.ts';
import { useListingMutation } from '../../api/listings.ts';
import type { MarketCall, MarketListingApi, WarehouseNs } from '../../api/market-listings.ts';
import { formatPriceRange } from '../../money.ts';
import { BatchDialog, type RunningBatch } from '../batch-dialog.tsx';
import { RowIssues, StatusTag } from '../status-tag.tsx';
import { MarketCreateDialog } from './market-create-dialog.tsx';
import { WarehouseList } from './warehouse-list.tsx';
import { readableRemoteId } from '../../../../shared/remote-id.ts';

/** What makes one marketplace's cloud warehouse: its client, strings, page and editor. */
export interface WarehouseMarketConfig {
  api: MarketListingApi;
  /** The i18n namespace of the page's own strings. */
  ns: WarehouseNs;
  /** The page's path: its permissions are `permOf(path, action)`. */
  path: string;
  Editor: ComponentType<{ id: number; onClose: () => void; onPublish: (l: Listing) => void }>;
  /** Marketplace-only buttons at the end of the filter row (Shopee's synchronisation). */
  toolbar?: (props: { storeId: number | null }) => ReactNode;
}

const KEYS = ['market_id', 'status', 'keyword', 'page', 'size'] as const;
const DEFAULTS = ListingIndexQuery.parse({});
const ALL = 'all';

/**
 * A marketplace's cloud warehouse (Shopify, Temu, Shopee), with the list, filter and batch
 * conventions of the Amazon one. `?create=<goods ids>` opens "Publish to…", `?edit=<id>` the
 * editor.
 */
export function MarketWarehouse({ title, market }: ViewProps & { market: WarehouseMarketConfig }) {
  const { api, ns, path, Editor } = market;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQueryWith(ListingIndexQuery, KEYS, params);
  const creating = parseIds(params.get('create'));
  const editing = parseIds(params.get('edit'))[0] ?? null;
  const result = api.useListings(query);
  const stores = api.useStores();
  const [selected, setSelected] = useState<number[]>([]);
  const [batch, setBatch] = useState<RunningBatch | null>(null);
  const perm = (action: string) => permOf(path, action);
  const can = {
    update: useCan(perm('update')),
    publish: useCan(perm('publish')),
    delete: useCan(perm('delete')),
  };
  const run = useListingMutation(({ kind, ids }: { kind: MarketCall; ids: number[] }) =>
    api.calls[kind](ids),
  );

  const rows = result.data?.list ?? [];
  const titles = Object.fromEntries(rows.map((r) => [r.id, r.title]));
  const counts = result.data?.counts;
  const url = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(writeQueryWith(query, DEFAULTS));
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    return next;
  };
  const update = (patch: Partial<ListingIndexQuery>) => {
    setSelected([]);
    setParams(writeQueryWith({ ...query, page: 1, ...patch }, DEFAULTS));
  };
  const started = (kind: ListingBatchKind, answer: ListingBatchStarted, names = titles) => {
    setSelected([]);
    setBatch({ kind, started: answer, titles: names, batchPath: api.batchPath });
  };
  const start = (kind: MarketCall, ids: number[], names = titles) =>
    run
      .mutateAsync({ kind, ids })
      .then((answer) => started(kind, answer, names))
      .catch((error: unknown) => reportError(error));
  const confirm = (kind: MarketCall, ids: number[]) =>
    Modal.confirm({
      title: t(`${ns}.confirm.${kind}`, { count: ids.length }),
      content: kind === 'delete' ? t(`${ns}.confirm.deleteHint`) : undefined,
      okText: t(`listings.actions.${kind}`),
      okButtonProps: { danger: kind !== 'publish' },
      cancelText: t('common.cancel'),
      onOk: () => start(kind, ids),
    });
  const publishEdited = (listing: Listing) => {
    setParams(url({ edit: undefined }));
    void start('publish', [listing.id], { [listing.id]: listing.title });
  };

  const tabCount = (status: ListingStatus | typeof ALL) =>
    counts
      ? status === ALL
        ? Object.values(counts).reduce((a, b) => a + b, 0)
        : (counts[status] ?? 0)
      : undefined;

  return (
    <WarehouseList
      title={title}
      filters={
        <>
          <div className="listings-filters" role="search">
            <Select<number>
              aria-label={t('listings.filters.store')}
              className="listings-filters__store"
              allowClear
              placeholder={t('listings.filters.allStores')}
              value={query.market_id}
              loading={stores.isLoading}
              options={(stores.data?.list ?? []).map((s) => ({ value: s.id, label: s.alias }))}
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
            <Button onClick={() => update({ ...DEFAULTS, status: query.status })}>
              {t('listings.filters.reset')}
            </Button>
            <div className="listings-filters__spacer" />
            {market.toolbar?.({ storeId: query.market_id ?? null })}
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
        </>
      }
      batchBar={
        <div className="listings-batchbar" role="toolbar">
          <Typography.Text strong>
            {t('listings.actions.selected', { count: selected.length })}
          </Typography.Text>
          {can.publish && (
            <Button type="primary" onClick={() => confirm('publish', selected)}>
              {t('listings.actions.publish')}
            </Button>
          )}
          {can.publish && (
            <Button onClick={() => confirm('down', selected)}>{t('listings.actions.down')}</Button>
          )}
          {can.delete && (
            <Button danger onClick={() => confirm('delete', selected)}>
              {t('listings.actions.delete')}
            </Button>
          )}
          <Button type="link" onClick={() => setSelected([])}>
            {t('listings.actions.clear')}
          </Button>
        </div>
      }
      result={result}
      page={query}
      onPage={(page, size) => update({ page, size })}
      selected={selected}
      onSelect={setSelected}
      table={`listings.${ns}`}
      emptyText={t(`${ns}.empty`)}
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
          render: (_, row) => (
            <div className="listings-title-cell">
              <Typography.Link onClick={() => setParams(url({ edit: String(row.id) }))}>
                {row.title || `#${row.id}`}
              </Typography.Link>
              {row.remote_id && (
                <Typography.Text type="secondary">
                  {t('listings.columns.remoteId', { id: readableRemoteId(row.remote_id) })}
                </Typography.Text>
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
              <Typography.Text type="secondary">
                {t(`${ns}.columns.variants`, { count: row.sku_count })}
              </Typography.Text>
            </div>
          ),
        },
        {
          key: 'price',
          title: t('listings.columns.price'),
          render: (_, row) => formatPriceRange(row),
        },
        { key: 'store', title: t(`${ns}.columns.store`), dataIndex: 'store_alias' },
        {
          key: 'status',
          title: t('listings.columns.status'),
          render: (_, row) => (
            <Space orientation="vertical" size={0}>
              <StatusTag status={row.status} changed={row.changed} />
              {row.issue_count > 0 && <RowIssues row={row} useDetail={api.useListing} />}
            </Space>
          ),
        },
        {
          key: 'actions',
          title: t('listings.columns.actions'),
          fixed: 'right',
          width: 150,
          render: (_, row) => (
            <Space size={0}>
              {can.update && (
                <IconAction
                  icon={<EditOutlined />}
                  label={t('listings.actions.edit')}
                  onClick={() => setParams(url({ edit: String(row.id) }))}
                />
              )}
              {can.publish && row.status !== 'publishing' && (
                <IconAction
                  icon={<CloudUploadOutlined />}
                  label={t('listings.actions.publish')}
                  onClick={() => void start('publish', [row.id])}
                />
              )}
              {can.publish && row.status === 'published' && (
                <IconAction
                  icon={<StopOutlined />}
                  label={t('listings.actions.down')}
                  onClick={() => confirm('down', [row.id])}
                />
              )}
              {can.delete && (
                <IconAction
                  icon={<DeleteOutlined />}
                  danger
                  label={t('listings.actions.delete')}
                  onClick={() => confirm('delete', [row.id])}
                />
              )}
            </Space>
          ),
        },
      ]}
    >
      {creating.length > 0 && (
        <MarketCreateDialog
          api={api}
          ns={ns}
          goodsIds={creating}
          onClose={() => setParams(url({ create: undefined }))}
          onCreated={(ids) => setParams(url({ create: undefined, edit: String(ids[0]) }))}
        />
      )}
      {editing !== null && (
        <Editor
          id={editing}
          onClose={() => setParams(url({ edit: undefined }))}
          onPublish={publishEdited}
        />
      )}
      {batch && <BatchDialog batch={batch} onClose={() => setBatch(null)} />}
    </WarehouseList>
  );
}
