import type { ReactNode } from 'react';
import { Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTimestamp, type FinishedProductSummary } from '@app/shared';
import { LibraryCard, ProductImage } from '../../goods-library/index.ts';
import type { FinishedScope } from '../api/finished-products.ts';
import { TitleEditor } from './title-editor.tsx';

export interface FinishedResultsProps {
  scope: FinishedScope;
  items: FinishedProductSummary[];
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  hrefOf: (item: FinishedProductSummary) => string;
  /** Per-product buttons (edit, duplicate, share…), already built by the page. */
  actionsOf: (item: FinishedProductSummary) => ReactNode[];
}

function Badges({ scope, item }: { scope: FinishedScope; item: FinishedProductSummary }) {
  const { t } = useTranslation();
  if (scope === 'shared') return item.mine ? <Tag color="blue">{t('goods.mine')}</Tag> : null;
  return item.shared ? <Tag color="green">{t('goods.sharedTag')}</Tag> : null;
}

function toggled(selected: readonly number[], id: number, on: boolean): number[] {
  return on ? [...selected.filter((x) => x !== id), id] : selected.filter((x) => x !== id);
}

export function FinishedGrid({
  scope,
  items,
  selected,
  onSelect,
  hrefOf,
  actionsOf,
}: FinishedResultsProps) {
  const { t } = useTranslation();
  return (
    <ul className="library-grid">
      {items.map((item) => (
        <li key={item.id}>
          <LibraryCard
            href={hrefOf(item)}
            title={item.title}
            image={item.image}
            badge={<Badges scope={scope} item={item} />}
            selected={selected.includes(item.id)}
            onSelect={(on) => onSelect(toggled(selected, item.id, on))}
            actions={actionsOf(item)}
            titleNode={
              scope === 'private' ? (
                <TitleEditor
                  id={item.id}
                  title={item.title}
                  href={hrefOf(item)}
                  className="library-card__title"
                />
              ) : undefined
            }
          >
            <div className="library-card__cost">
              {t('goods.price', { amount: formatMinor(item.priceMinor) })}
            </div>
            <div className="library-card__supplier">
              {t('goods.skuCount', { count: item.skuCount })} · {t(`goods.sources.${item.source}`)}
            </div>
          </LibraryCard>
        </li>
      ))}
    </ul>
  );
}

export function FinishedTable({
  scope,
  items,
  selected,
  onSelect,
  hrefOf,
  actionsOf,
}: FinishedResultsProps) {
  const { t } = useTranslation();
  return (
    <Table<FinishedProductSummary>
      className="library-table"
      rowKey="id"
      dataSource={items}
      pagination={false}
      size="middle"
      scroll={{ x: 980 }}
      rowSelection={{
        selectedRowKeys: [...selected],
        onChange: (keys) => onSelect(keys.map(Number)),
      }}
      columns={[
        {
          key: 'image',
          title: t('goods.columns.image'),
          width: 88,
          render: (_, item) => (
            <ProductImage src={item.image} alt={item.title} className="library-table__image" />
          ),
        },
        {
          key: 'title',
          title: t('goods.columns.title'),
          render: (_, item) => (
            <Space direction="vertical" size={2}>
              {scope === 'private' ? (
                <TitleEditor id={item.id} title={item.title} href={hrefOf(item)} />
              ) : (
                <Link to={hrefOf(item)}>{item.title}</Link>
              )}
              <span>
                <Badges scope={scope} item={item} />
                {item.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </span>
            </Space>
          ),
        },
        {
          key: 'price',
          title: t('goods.columns.price'),
          align: 'right',
          width: 110,
          render: (_, item) => `¥${formatMinor(item.priceMinor)}`,
        },
        {
          key: 'skus',
          title: t('goods.columns.skus'),
          align: 'right',
          width: 80,
          dataIndex: 'skuCount',
        },
        {
          key: 'source',
          title: t('goods.columns.source'),
          width: 110,
          render: (_, item) => t(`goods.sources.${item.source}`),
        },
        {
          key: 'created',
          title: t('goods.columns.created'),
          width: 120,
          render: (_, item) => formatTimestamp(item.createTime, false),
        },
        {
          key: 'actions',
          title: t('goods.columns.actions'),
          fixed: 'right',
          width: scope === 'private' ? 170 : 100,
          render: (_, item) => <Space size={0}>{actionsOf(item)}</Space>,
        },
      ]}
    />
  );
}
