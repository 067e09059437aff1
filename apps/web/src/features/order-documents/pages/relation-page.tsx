import { useState } from 'react';
import { Button, Card, Empty, Input, Modal, Table } from 'antd';
import { DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, permOf, type SkuRelation, type UnmatchedSku } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  deleteRelations,
  useRelationMutation,
  useRelations,
  useUnmatchedSkus,
} from '../api/order-documents.ts';
import { RelateDialog } from '../components/relate-dialog.tsx';
import '../order-documents.css';

const PAGE = '/newOrder/relation';

function UnmatchedCard({ onRelate, canAdd }: { onRelate: (sku: string) => void; canAdd: boolean }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const result = useUnmatchedSkus(keyword);
  const r = (key: string) =>
    t(`orderDocuments.relation.${key}` as 'orderDocuments.relation.relate');
  return (
    <Card size="small" title={r('unmatchedTitle')}>
      <p className="order-docs-intro">{r('unmatchedIntro')}</p>
      <div className="order-docs-toolbar">
        <Input.Search
          allowClear
          className="order-docs-search"
          placeholder={r('search')}
          aria-label={`${r('unmatchedTitle')}: ${r('search')}`}
          onSearch={(v) => setKeyword(v.trim())}
        />
      </div>
      <Table<UnmatchedSku>
        size="small"
        rowKey="sku"
        loading={result.isFetching}
        dataSource={result.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={r('emptyUnmatched')} /> }}
        columns={[
          { title: r('marketplaceSku'), dataIndex: 'sku' },
          { title: r('title'), dataIndex: 'title', ellipsis: true },
          { title: r('orderCount'), dataIndex: 'order_count', width: 90, align: 'right' },
          { title: r('pieces'), dataIndex: 'quantity', width: 90, align: 'right' },
          {
            title: t('orderDocuments.common.actions'),
            key: 'actions',
            width: 110,
            render: (_, row) =>
              canAdd && (
                <Button size="small" icon={<LinkOutlined />} onClick={() => onRelate(row.sku)}>
                  {r('relate')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

function RelationsCard({ canDelete }: { canDelete: boolean }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ keyword: '', page: 1, limit: 20 });
  const result = useRelations({ ...query, keyword: query.keyword || undefined });
  const remove = useRelationMutation(deleteRelations);
  const r = (key: string) =>
    t(`orderDocuments.relation.${key}` as 'orderDocuments.relation.relate');
  const pagination = result.data?.pagination;

  const askDelete = (relation: SkuRelation) =>
    Modal.confirm({
      title: t('orderDocuments.relation.deleteOne', { sku: relation.marketplace_sku }),
      okText: r('delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync([relation.id])
          .then((answer) => {
            const done = answer.results.filter((x) => x.ok).length;
            if (done > 0) feedback.success(t('orderDocuments.relation.deleted', { count: done }));
            else feedback.warning(r('deleteFailed'));
          })
          .catch((error: unknown) => reportError(error)),
    });

  return (
    <Card size="small" title={r('relationsTitle')}>
      <div className="order-docs-toolbar">
        <Input.Search
          allowClear
          className="order-docs-search"
          placeholder={r('search')}
          aria-label={`${r('relationsTitle')}: ${r('search')}`}
          onSearch={(v) => setQuery({ ...query, keyword: v.trim(), page: 1 })}
        />
      </div>
      <Table<SkuRelation>
        size="small"
        rowKey="id"
        loading={result.isFetching}
        dataSource={result.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty description={query.keyword ? r('emptyFiltered') : r('emptyRelations')} />
          ),
        }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: pagination?.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => t('orderDocuments.relation.total', { total }),
          onChange: (page, limit) => setQuery({ ...query, page, limit }),
        }}
        columns={[
          { title: r('marketplaceSku'), dataIndex: 'marketplace_sku' },
          { title: r('finishedSku'), dataIndex: 'finished_sku_code' },
          { title: r('product'), dataIndex: 'product_title', ellipsis: true },
          {
            title: r('updated'),
            dataIndex: 'updated_at',
            width: 170,
            render: (v: number) => formatTimestamp(v),
          },
          {
            title: t('orderDocuments.common.actions'),
            key: 'actions',
            width: 100,
            render: (_, row) =>
              canDelete && (
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${r('delete')} ${row.marketplace_sku}`}
                  onClick={() => askDelete(row)}
                >
                  {r('delete')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}

/** /newOrder/relation: unmatched marketplace SKUs to relate, and the relations made. */
export function RelationPage(_: ViewProps) {
  const [relating, setRelating] = useState<string | null>(null);
  const canAdd = useCan(permOf(PAGE, 'add'));
  const canDelete = useCan(permOf(PAGE, 'delete'));
  return (
    <div className="order-docs-page">
      <UnmatchedCard onRelate={setRelating} canAdd={canAdd} />
      <RelationsCard canDelete={canDelete} />
      <RelateDialog sku={relating} onClose={() => setRelating(null)} />
    </div>
  );
}
