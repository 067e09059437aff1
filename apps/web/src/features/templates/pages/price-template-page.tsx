import { useState } from 'react';
import { Card, Empty, Modal, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatMinor,
  formatTimestamp,
  permOf,
  type PricingTemplate,
  type PricingTemplateQuery,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import {
  deletePricingTemplates,
  usePricingTemplates,
  useTemplateMutation,
} from '../api/templates.ts';
import { ListLoadError, ListToolbar } from '../components/list-toolbar.tsx';
import { PricingTemplateDialog } from '../components/pricing-template-dialog.tsx';
import '../templates.css';

const PAGE = '/goods/priceTemplate';
const FIRST_PAGE: PricingTemplateQuery = { page: 1, size: 20 };
const percentOf = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** /goods/priceTemplate: pricing templates, each edited beside the price it gives. */
export function PriceTemplatePage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<PricingTemplateQuery>(FIRST_PAGE);
  const [editing, setEditing] = useState<PricingTemplate | 'new' | null>(null);
  const result = usePricingTemplates(query);
  const remove = useTemplateMutation(deletePricingTemplates);
  const canAdd = useCan(permOf(PAGE, 'add'));
  const canUpdate = useCan(permOf(PAGE, 'update'));
  const canDelete = useCan(permOf(PAGE, 'delete'));
  const pagination = result.data?.pagination;

  const askDelete = (template: PricingTemplate) =>
    Modal.confirm({
      title: t('templates.pricing.deleteOne', { name: template.name }),
      okText: t('templates.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ ids: [template.id] })
          .then((answer) => {
            const done = answer.results.filter((r) => r.ok).length;
            if (done > 0) feedback.success(t('templates.pricing.deleted', { count: done }));
            else feedback.warning(t('templates.pricing.deleteFailed'));
          })
          .catch((error: unknown) => reportError(error)),
    });

  return (
    <Card className="page-card templates-page" variant="borderless" title={title}>
      <ListToolbar
        searchLabel={t('templates.pricing.search')}
        addLabel={t('templates.pricing.add')}
        canAdd={canAdd}
        onSearch={(keyword) => setQuery({ ...FIRST_PAGE, keyword })}
        onAdd={() => setEditing('new')}
      />
      {result.isError ? (
        <ListLoadError
          title={t('templates.pricing.loadFailed')}
          onRetry={() => void result.refetch()}
        />
      ) : (
        <Table<PricingTemplate>
          rowKey="id"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <Empty
                description={t(
                  query.keyword ? 'templates.pricing.emptyFiltered' : 'templates.pricing.empty',
                )}
              />
            ),
          }}
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('templates.pricing.total', { total }),
              onChange: (page, size) =>
                setQuery({ ...query, page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
            { key: 'name', title: t('templates.pricing.name'), dataIndex: 'name' },
            {
              key: 'shipping',
              title: t('templates.pricing.shipping'),
              align: 'right',
              render: (_, p) => formatMinor(p.shipping_minor),
            },
            {
              key: 'fixed',
              title: t('templates.pricing.fixedFee'),
              align: 'right',
              render: (_, p) => formatMinor(p.fixed_fee_minor),
            },
            {
              key: 'margin',
              title: t('templates.pricing.margin'),
              align: 'right',
              render: (_, p) => percentOf(p.margin_bp),
            },
            {
              key: 'fee',
              title: t('templates.pricing.feeRate'),
              align: 'right',
              render: (_, p) => percentOf(p.fee_rate_bp),
            },
            {
              key: 'rounding',
              title: t('templates.pricing.rounding'),
              render: (_, p) => t(`templates.pricing.roundings.${p.rounding}`),
            },
            {
              key: 'updated',
              title: t('templates.updated'),
              width: 170,
              render: (_, p) => formatTimestamp(p.updated_at),
            },
            {
              key: 'actions',
              title: t('templates.actions'),
              width: 100,
              fixed: 'right',
              render: (_, p) => (
                <Space size={0}>
                  {canUpdate && (
                    <IconAction
                      label={t('templates.edit')}
                      icon={<EditOutlined />}
                      onClick={() => setEditing(p)}
                    />
                  )}
                  {canDelete && (
                    <IconAction
                      danger
                      label={t('templates.delete')}
                      icon={<DeleteOutlined />}
                      onClick={() => askDelete(p)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <PricingTemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
