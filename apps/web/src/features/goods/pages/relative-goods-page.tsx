import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Modal, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  RelativeListQuery,
  type FinishedProductSummary,
  type RelativePage,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { createUrlFilters, ProductImage } from '../../goods-library/index.ts';
import { useFinishedProduct, useGoodsMutation } from '../api/finished-products.ts';
import { addRelatives, deleteRelative, useRelatives } from '../api/relatives.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { ProductSelect } from '../components/product-select.tsx';
import { editPath } from '../paths.ts';
import '../goods.css';

const relativeFilters = createUrlFilters(RelativeListQuery, ['id', 'page', 'size']);
type Pair = RelativePage['list'][number];

function ProductCell({ product }: { product: FinishedProductSummary }) {
  return (
    <span className="goods-pair">
      <ProductImage src={product.image} alt={product.title} className="library-table__image" />
      <Link to={editPath(product.id)}>{product.title}</Link>
    </span>
  );
}

interface AddValues {
  id?: number;
  related_ids?: number[];
}

/** The add dialog: first the product, then the products to relate to it. */
function AddRelationModal({
  open,
  initial,
  onClose,
}: {
  open: boolean;
  /** The product the list is filtered by, preselected. */
  initial?: FinishedProductSummary;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddValues>();
  const productId = Form.useWatch('id', form);
  const add = useGoodsMutation(addRelatives);

  const submit = ({ id, related_ids }: AddValues) =>
    add.mutate(
      { id: id!, related_ids: related_ids! },
      {
        onSuccess: () => {
          feedback.success(t('goods.relative.added'));
          form.resetFields();
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open={open}
      title={t('goods.relative.addTitle')}
      okText={t('goods.relative.add')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        initialValues={{ id: initial?.id, related_ids: [] }}
        onFinish={submit}
        preserve={false}
      >
        <Form.Item
          name="id"
          label={t('goods.relative.product')}
          rules={[{ required: true, message: t('goods.relative.productRequired') }]}
        >
          <ProductSelect
            aria-label={t('goods.relative.product')}
            placeholder={t('goods.relative.search')}
            known={initial ? [initial] : []}
          />
        </Form.Item>
        <Form.Item
          name="related_ids"
          label={t('goods.relative.related')}
          rules={[{ required: true, message: t('goods.relative.relatedRequired') }]}
        >
          <ProductSelect
            multiple
            aria-label={t('goods.relative.related')}
            placeholder={t('goods.relative.search')}
            exclude={productId ? [productId] : []}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /goods/relativeGoods: which finished products are sold together, by pair. */
export function RelativeGoodsPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { query } = relativeFilters.read(params);
  const result = useRelatives(query);
  const [adding, setAdding] = useState(false);
  const remove = useGoodsMutation(deleteRelative);
  const filtered = useFinishedProduct(query.id ?? null);

  const update = (patch: Partial<RelativeListQuery>) =>
    setParams(relativeFilters.write({ query: { ...query, page: 1, ...patch }, view: 'grid' }));

  const askDelete = (pair: Pair) =>
    Modal.confirm({
      title: t('goods.relative.deleteConfirm'),
      content: `${pair.product.title} ↔ ${pair.related.title}`,
      okText: t('goods.actions.delete'),
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync({ id: pair.product.id, related_id: pair.related.id })
          .then(() => feedback.success(t('goods.relative.deleted')))
          .catch((error: unknown) => reportError(error)),
    });

  const pagination = result.data?.pagination;

  return (
    <Card className="page-card" variant="borderless" title={title}>
      <div className="goods-relative__toolbar">
        <div className="goods-relative__filter">
          <ProductSelect
            aria-label={t('goods.relative.filter')}
            placeholder={t('goods.relative.filter')}
            allowClear
            known={filtered.data ? [filtered.data] : []}
            value={query.id}
            onChange={(value) => update({ id: typeof value === 'number' ? value : undefined })}
          />
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('goods.relative.add')}
        </Button>
      </div>
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('goods.relative.loadFailed')}
          description={result.error.message}
          action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<Pair>
          rowKey={(pair) => `${pair.product.id}-${pair.related.id}`}
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          scroll={{ x: 760 }}
          locale={{
            emptyText: (
              <Empty
                description={
                  query.id ? t('goods.relative.emptyFiltered') : t('goods.relative.empty')
                }
              />
            ),
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              onChange: (page, size) => update(size === query.size ? { page } : { page: 1, size }),
            }
          }
          columns={[
            {
              key: 'product',
              title: t('goods.relative.product'),
              render: (_, pair) => <ProductCell product={pair.product} />,
            },
            {
              key: 'related',
              title: t('goods.relative.related'),
              render: (_, pair) => <ProductCell product={pair.related} />,
            },
            {
              key: 'created',
              title: t('goods.columns.created'),
              width: 170,
              render: (_, pair) => formatTimestamp(pair.createTime),
            },
            {
              key: 'actions',
              title: t('goods.columns.actions'),
              width: 90,
              render: (_, pair) => (
                <IconAction
                  danger
                  label={t('goods.actions.delete')}
                  icon={<DeleteOutlined />}
                  onClick={() => askDelete(pair)}
                />
              ),
            },
          ]}
        />
      )}
      <AddRelationModal
        open={adding}
        initial={query.id ? filtered.data : undefined}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}
