import { Button, Space, Table, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type ParentProductSummary } from '@app/shared';
import { detailPath } from '../paths.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { LibraryCard } from './library-card.tsx';
import { ProductImage } from './product-image.tsx';
import { localTitle } from './product-title.ts';

export interface ResultsProps {
  items: ParentProductSummary[];
  /** Ids among `items` the seller has favourited. */
  favourites: ReadonlySet<number>;
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Absent when the seller may not add to the library; the buttons are then hidden. */
  onJoin?: (id: number) => void;
}

function JoinButton({ onClick, withLabel }: { onClick: () => void; withLabel?: boolean }) {
  const { t } = useTranslation();
  const label = t('goodsLibrary.join.action');
  return (
    <Tooltip title={withLabel ? undefined : label}>
      <Button
        type={withLabel ? 'link' : 'text'}
        size="small"
        icon={<PlusOutlined />}
        aria-label={label}
        onClick={onClick}
      >
        {withLabel ? label : null}
      </Button>
    </Tooltip>
  );
}

function toggled(selected: readonly number[], id: number, on: boolean): number[] {
  return on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id);
}

export function ProductGrid({ items, favourites, selected, onSelect, onJoin }: ResultsProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="library-grid">
      {items.map((item) => {
        const title = localTitle(item, i18n.language);
        return (
          <li key={item.id}>
            <LibraryCard
              href={detailPath(item.id)}
              title={title}
              image={item.image}
              selected={selected.includes(item.id)}
              onSelect={(on) => onSelect(toggled(selected, item.id, on))}
              actions={[
                <FavouriteButton key="fav" id={item.id} favourite={favourites.has(item.id)} />,
                onJoin && <JoinButton key="join" onClick={() => onJoin(item.id)} />,
              ].filter(Boolean)}
            >
              <div className="library-card__cost">
                {t('goodsLibrary.cost', { amount: formatMinor(item.costMinor) })}
              </div>
              <div className="library-card__supplier">
                {t('goodsLibrary.supplier', { name: item.supplier })}
              </div>
            </LibraryCard>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductTable({ items, favourites, selected, onSelect, onJoin }: ResultsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table<ParentProductSummary>
      className="library-table"
      rowKey="id"
      dataSource={items}
      pagination={false}
      size="middle"
      scroll={{ x: 820 }}
      rowSelection={{
        selectedRowKeys: [...selected],
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      columns={[
        {
          key: 'image',
          title: t('goodsLibrary.columns.image'),
          width: 88,
          render: (_, item) => (
            <ProductImage
              src={item.image}
              alt={localTitle(item, i18n.language)}
              className="library-table__image"
            />
          ),
        },
        {
          key: 'title',
          title: t('goodsLibrary.columns.title'),
          render: (_, item) => (
            <Link to={detailPath(item.id)}>{localTitle(item, i18n.language)}</Link>
          ),
        },
        {
          key: 'cost',
          title: t('goodsLibrary.columns.cost'),
          align: 'right',
          width: 120,
          render: (_, item) => `¥${formatMinor(item.costMinor)}`,
        },
        { key: 'supplier', title: t('goodsLibrary.columns.supplier'), dataIndex: 'supplier' },
        {
          key: 'created',
          title: t('goodsLibrary.columns.created'),
          width: 120,
          render: (_, item) => formatTimestamp(item.createTime, false),
        },
        {
          key: 'actions',
          title: t('goodsLibrary.columns.actions'),
          fixed: 'right',
          width: 190,
          render: (_, item) => (
            <Space size={0}>
              <FavouriteButton id={item.id} favourite={favourites.has(item.id)} />
              {onJoin && <JoinButton withLabel onClick={() => onJoin(item.id)} />}
            </Space>
          ),
        },
      ]}
    />
  );
}
