import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BRAND_NAME_MAX,
  formatTimestamp,
  type ExemptBrand,
  type ExemptBrandQuery,
  type Store,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import {
  deleteExemptBrands,
  saveExemptBrand,
  useExemptBrands,
  useExemptMutation,
} from '../api/exempt-brands.ts';
import { tally } from '../api/stores.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

/** The store select's value for "every store"; the API says null. */
const ALL_STORES = 0;
const REMARK_MAX = 200;

interface BrandValues {
  brand: string;
  store_id: number;
  remark: string;
  gtin_exempt: boolean;
}

function BrandDialog({
  brand,
  prefill,
  stores,
  onClose,
}: {
  /** null adds a new brand. */
  brand: ExemptBrand | null;
  /** A new brand named by the link that opened the dialog (a listing's UPC guidance): GTIN-exempt. */
  prefill?: string | undefined;
  stores: readonly Store[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BrandValues>();
  const save = useExemptMutation(saveExemptBrand);

  const submit = (values: BrandValues) =>
    save.mutate(
      {
        id: brand?.id,
        brand: values.brand.trim(),
        store_id: values.store_id === ALL_STORES ? null : values.store_id,
        remark: values.remark.trim(),
        gtin_exempt: values.gtin_exempt,
      },
      {
        onSuccess: () => {
          feedback.success(t('markets.exempt.saved'));
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  return (
    <Modal
      open
      title={brand ? t('markets.exempt.editTitle') : t('markets.exempt.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<BrandValues>
        form={form}
        name="exempt-brand"
        layout="vertical"
        initialValues={{
          brand: brand?.brand ?? prefill ?? '',
          store_id: brand?.store_id ?? ALL_STORES,
          remark: brand?.remark ?? '',
          gtin_exempt: brand?.gtin_exempt ?? prefill !== undefined,
        }}
        onFinish={submit}
      >
        <Form.Item
          name="brand"
          label={t('markets.exempt.brand')}
          rules={[{ required: true, whitespace: true, message: t('markets.exempt.brandRequired') }]}
        >
          <Input maxLength={BRAND_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="store_id" label={t('markets.exempt.store')}>
          <Select
            aria-label={t('markets.exempt.store')}
            options={[
              { value: ALL_STORES, label: t('markets.exempt.allStores') },
              ...stores.map((store) => ({ value: store.id, label: store.alias })),
            ]}
          />
        </Form.Item>
        <Form.Item name="gtin_exempt" valuePropName="checked" extra={t('markets.exempt.gtinHelp')}>
          <Checkbox>{t('markets.exempt.gtin')}</Checkbox>
        </Form.Item>
        <Form.Item name="remark" label={t('markets.exempt.remark')}>
          <Input.TextArea maxLength={REMARK_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}

/**
 * Exempt brands: the seller's own brands that forbidden-word checks never flag, and those with
 * a GTIN exemption, whose Amazon listings need no UPC/EAN.
 */
export function ExemptBrandsPanel({
  query,
  onQuery,
  stores,
  canEdit,
  adding = null,
  onAdded,
}: {
  query: ExemptBrandQuery;
  onQuery: (query: ExemptBrandQuery) => void;
  /** For the store names and the store select. */
  stores: readonly Store[];
  canEdit: boolean;
  /** A brand to add, from the URL (`?tab=exempt&add=`): the dialog opens with it. */
  adding?: string | null;
  /** The dialog `adding` opened was closed. */
  onAdded?: () => void;
}) {
  const { t } = useTranslation();
  const result = useExemptBrands(query);
  const remove = useExemptMutation(deleteExemptBrands);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ExemptBrand | 'new' | null>(
    canEdit && adding !== null ? 'new' : null,
  );
  const closeDialog = () => {
    setEditing(null);
    if (adding !== null) onAdded?.();
  };
  const storeName = new Map(stores.map((store) => [store.id, store.alias]));
  const pagination = result.data?.pagination;

  const update = (patch: Partial<ExemptBrandQuery>) => {
    setSelected([]);
    onQuery({ ...query, page: 1, ...patch });
  };

  const askDelete = (ids: number[], brand?: ExemptBrand) =>
    Modal.confirm({
      title: brand
        ? t('markets.exempt.deleteOne', { brand: brand.brand })
        : t('markets.exempt.deleteMany', { count: ids.length }),
      okText: t('markets.exempt.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ ids })
          .then((answer) => {
            const { ok, failed } = tally(answer);
            if (failed === 0) feedback.success(t('markets.exempt.deleted', { count: ok }));
            else feedback.warning(t('markets.batch.partial', { ok, failed }));
            setSelected((prev) => prev.filter((id) => !ids.includes(id)));
          })
          .catch((error: unknown) => reportError(error)),
    });

  return (
    <div className="markets-exempt">
      <p className="markets-exempt__intro">{t('markets.exempt.intro')}</p>
      <div className="markets-toolbar">
        <Space wrap>
          <Input.Search
            key={query.keyword ?? ''}
            defaultValue={query.keyword}
            placeholder={t('markets.exempt.search')}
            aria-label={t('markets.exempt.search')}
            allowClear
            onSearch={(value) => update({ keyword: value.trim() || undefined })}
            className="markets-search"
          />
          <Select
            className="markets-filter"
            aria-label={t('markets.exempt.store')}
            value={query.store_id ?? ALL_STORES}
            onChange={(value: number) =>
              update({ store_id: value === ALL_STORES ? undefined : value })
            }
            options={[
              { value: ALL_STORES, label: t('markets.exempt.allStores') },
              ...stores.map((store) => ({ value: store.id, label: store.alias })),
            ]}
          />
        </Space>
        {canEdit && (
          <Space wrap>
            {selected.length > 0 && (
              <Button danger icon={<DeleteOutlined />} onClick={() => askDelete(selected)}>
                {`${t('markets.exempt.delete')} (${t('markets.exempt.selected', { count: selected.length })})`}
              </Button>
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('markets.exempt.add')}
            </Button>
          </Space>
        )}
      </div>
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('markets.exempt.loadFailed')}
          action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<ExemptBrand>
          rowKey="id"
          loading={result.isFetching}
          dataSource={result.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('markets.exempt.empty')} /> }}
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (brand) => ({ 'aria-label': brand.brand }),
                }
              : undefined
          }
          pagination={
            pagination && {
              current: pagination.page,
              pageSize: pagination.size,
              total: pagination.total,
              showSizeChanger: true,
              showTotal: (total) => t('markets.exempt.total', { total }),
              onChange: (page, size) =>
                onQuery({ ...query, page: size === query.size ? page : 1, size }),
            }
          }
          columns={[
            { key: 'brand', title: t('markets.exempt.brand'), dataIndex: 'brand' },
            {
              key: 'store',
              title: t('markets.exempt.store'),
              render: (_, brand) =>
                brand.store_id === null
                  ? t('markets.exempt.allStores')
                  : (storeName.get(brand.store_id) ?? `#${brand.store_id}`),
            },
            {
              key: 'gtin',
              title: t('markets.exempt.gtinColumn'),
              render: (_, brand) =>
                brand.gtin_exempt ? <Tag color="blue">{t('markets.exempt.gtinTag')}</Tag> : '—',
            },
            { key: 'remark', title: t('markets.exempt.remark'), dataIndex: 'remark' },
            {
              key: 'created',
              title: t('markets.exempt.created'),
              width: 170,
              render: (_, brand) => formatTimestamp(brand.created_at),
            },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('markets.exempt.actions'),
                    width: 100,
                    render: (_: unknown, brand: ExemptBrand) => (
                      <Space size={0}>
                        <IconAction
                          label={t('markets.exempt.edit')}
                          icon={<EditOutlined />}
                          onClick={() => setEditing(brand)}
                        />
                        <IconAction
                          danger
                          label={t('markets.exempt.delete')}
                          icon={<DeleteOutlined />}
                          onClick={() => askDelete([brand.id], brand)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing && (
        <BrandDialog
          brand={editing === 'new' ? null : editing}
          prefill={editing === 'new' ? (adding ?? undefined) : undefined}
          stores={stores}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
