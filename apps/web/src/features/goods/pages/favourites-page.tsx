import { useState, type FormEvent } from 'react';
import { Button, Card, Empty, Input, Modal, Segmented } from 'antd';
import {
  AppstoreOutlined,
  PlusOutlined,
  SearchOutlined,
  StarOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CollListQuery } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import {
  createUrlFilters,
  favouriteKeys,
  LIBRARY_PATH,
  LibraryResults,
  ProductGrid,
  ProductTable,
  SelectionBar,
  setFavourite,
  useFavouriteIds,
  useFavourites,
  useJoinToLibrary,
  useSelection,
  type LibraryView,
} from '../../goods-library/index.ts';
import '../goods.css';

const favouriteFilters = createUrlFilters(CollListQuery, ['keyword', 'page', 'size']);

/** /goods/MyPorductHowse: the parent products the seller starred, ready to add to the library. */
export function FavouritesPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query, view } = favouriteFilters.read(params);
  const result = useFavourites(query);
  const items = result.data?.list ?? [];
  const visibleIds = items.map((item) => item.id);
  const flags = useFavouriteIds(visibleIds);
  const selection = useSelection(visibleIds);
  const joinLibrary = useJoinToLibrary();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [removing, setRemoving] = useState(false);

  const update = (patch: Partial<CollListQuery>, nextView: LibraryView = view) =>
    setParams(favouriteFilters.write({ query: { ...query, page: 1, ...patch }, view: nextView }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ keyword: keyword.trim() || undefined });
  };

  const unfavouriteSelected = () =>
    Modal.confirm({
      title: t('goods.favourites.removeConfirm', { count: selection.selected.length }),
      okText: t('goods.favourites.remove'),
      okButtonProps: { danger: true },
      onOk: async () => {
        setRemoving(true);
        try {
          await Promise.all(selection.selected.map((id) => setFavourite({ id, coll: false })));
          feedback.success(t('goods.favourites.removed', { count: selection.selected.length }));
          selection.clear();
        } catch (error) {
          reportError(error);
        } finally {
          setRemoving(false);
          await client.invalidateQueries({ queryKey: favouriteKeys.all });
        }
      },
    });

  const pagination = result.data?.pagination;
  const props = {
    items,
    favourites: flags.data ?? new Set(visibleIds),
    selected: selection.selected,
    onSelect: selection.setSelected,
    onJoin: joinLibrary.allowed ? (id: number) => void joinLibrary.run([id]) : undefined,
  };

  return (
    <Card className="page-card library-page" variant="borderless" title={title}>
      <form className="library-filters" role="search" onSubmit={search}>
        <Input
          className="library-filters__keyword"
          aria-label={t('goodsLibrary.filters.keyword')}
          placeholder={t('goodsLibrary.filters.keyword')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          maxLength={100}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('goodsLibrary.filters.search')}
        </Button>
        <Segmented<LibraryView>
          className="library-filters__view"
          aria-label={t('goodsLibrary.view.label')}
          value={view}
          onChange={(next) => update({ page: query.page }, next)}
          options={[
            { value: 'grid', icon: <AppstoreOutlined />, label: t('goodsLibrary.view.grid') },
            {
              value: 'table',
              icon: <UnorderedListOutlined />,
              label: t('goodsLibrary.view.table'),
            },
          ]}
        />
      </form>
      <SelectionBar count={selection.selected.length} onClear={selection.clear}>
        {joinLibrary.allowed && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={joinLibrary.pending}
            onClick={() =>
              void joinLibrary.run(selection.selected).then((done) => {
                if (done) selection.clear();
              })
            }
          >
            {t('goodsLibrary.join.batch')}
          </Button>
        )}
        <Button danger loading={removing} onClick={unfavouriteSelected}>
          {t('goods.favourites.remove')}
        </Button>
      </SelectionBar>
      <LibraryResults
        result={result}
        count={items.length}
        summary={pagination && t('goods.total', { total: pagination.total })}
        page={query.page}
        size={query.size}
        total={pagination?.total}
        onPage={update}
        loadFailed={t('goods.favourites.loadFailed')}
        empty={
          <Empty
            className="library-empty"
            image={<StarOutlined className="goods-empty-icon" />}
            description={
              query.keyword ? t('goods.favourites.emptyFiltered') : t('goods.favourites.empty')
            }
          >
            {query.keyword ? (
              <Button onClick={() => update({ keyword: undefined })}>
                {t('goodsLibrary.clearFilters')}
              </Button>
            ) : (
              <Link to={LIBRARY_PATH}>
                <Button type="primary">{t('goods.empty.browseParents')}</Button>
              </Link>
            )}
          </Empty>
        }
      >
        {view === 'grid' ? <ProductGrid {...props} /> : <ProductTable {...props} />}
      </LibraryResults>
    </Card>
  );
}
