import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListingIndexQuery, permOf } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { readQueryWith, writeQueryWith } from '../../../shared/url-query.ts';
import { useListings } from '../api/listings.ts';
import { BatchDialog } from '../components/batch-dialog.tsx';
import { BatchBar } from '../components/collectyun/batch-bar.tsx';
import { listingColumns } from '../components/collectyun/listing-columns.tsx';
import { ListingFilters } from '../components/collectyun/listing-filters.tsx';
import { useListingActions } from '../components/collectyun/use-listing-actions.ts';
import { ContentDialog } from '../components/content-dialog.tsx';
import { CreateDialog } from '../components/create-dialog.tsx';
import { WarehouseList } from '../components/warehouse/warehouse-list.tsx';
import { parseIds } from '../../../shared/url-query.ts';
import { editorPath, LISTINGS_PATH } from '../paths.ts';

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
const perm = (action: string) => permOf(LISTINGS_PATH, action);

/** /goods/collectyun: the Amazon cloud warehouse. Filters, tab and page live in the URL. */
export function CollectyunPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = readQueryWith(ListingIndexQuery, KEYS, params);
  const creating = parseIds(params.get('create'));
  const result = useListings(query);
  const [selected, setSelected] = useState<number[]>([]);
  const [contentFor, setContentFor] = useState<number[] | null>(null);
  const can = {
    update: useCan(perm('update')),
    publish: useCan(perm('publish')),
    down: useCan(perm('down')),
    delete: useCan(perm('delete')),
    export: useCan(perm('export')),
  };

  const rows = result.data?.list ?? [];
  const titles = Object.fromEntries(rows.map((r) => [r.id, r.title]));
  const actions = useListingActions({ titles, onStarted: () => setSelected([]) });
  const filtered =
    query.market_id !== undefined ||
    query.keyword !== undefined ||
    query.start_time !== undefined ||
    query.status !== undefined;

  const update = (patch: Partial<ListingIndexQuery>) => {
    setSelected([]);
    setParams(writeQueryWith({ ...query, page: 1, ...patch }, DEFAULTS));
  };
  const closeCreate = () => setParams(writeQueryWith(query, DEFAULTS));

  return (
    <WarehouseList
      title={title}
      filters={
        <ListingFilters
          query={query}
          defaults={DEFAULTS}
          counts={result.data?.counts}
          update={update}
        />
      }
      batchBar={
        <BatchBar
          selected={selected}
          can={can}
          actions={actions}
          onContent={() => setContentFor(selected)}
          onEdit={() => void navigate(editorPath(selected))}
          onClear={() => setSelected([])}
        />
      }
      result={result}
      page={query}
      onPage={(page, size) => update({ page, size })}
      selected={selected}
      onSelect={setSelected}
      table="listings.amazon"
      emptyText={t(filtered ? 'listings.messages.emptyFiltered' : 'listings.messages.empty')}
      onSort={(_, __, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const field = one?.order ? (one.columnKey as ListingIndexQuery['sort']) : undefined;
        update({
          sort: field ?? DEFAULTS.sort,
          order: one?.order === 'ascend' ? 'asc' : 'desc',
          page: query.page,
        });
      }}
      columns={listingColumns({
        t,
        query,
        can,
        actions,
        open: (path) => void navigate(path),
      })}
    >
      {creating.length > 0 && <CreateDialog goodsIds={creating} onClose={closeCreate} />}
      {contentFor && (
        <ContentDialog
          ids={contentFor}
          onClose={() => setContentFor(null)}
          onStarted={(answer) => {
            setContentFor(null);
            actions.started('update-content', answer);
          }}
        />
      )}
      {actions.batch && <BatchDialog batch={actions.batch} onClose={actions.closeBatch} />}
    </WarehouseList>
  );
}
