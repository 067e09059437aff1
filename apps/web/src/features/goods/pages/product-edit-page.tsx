import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Select,
  Skeleton,
  Table,
  Tabs,
  type FormInstance,
} from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FINISHED_SKUS_MAX,
  FINISHED_TAGS_MAX,
  FINISHED_TITLE_MAX,
  SKU_CODE_PATTERN,
  type FinishedProductDetail,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { AuditHistory } from '../../team/index.ts';
import { feedback } from '../../../shared/feedback.ts';
import { minorToYuan, parseId, yuanToMinor } from '../../goods-library/index.ts';
import {
  updateFinishedProduct,
  useEditableProduct,
  useGoodsMutation,
} from '../api/finished-products.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';
import { ImageListField, type ImageValue } from '../components/image-list-field.tsx';
import { COLLECT_PATH } from '../paths.ts';
import { SkuNameCell } from '../components/sku-name-cell.tsx';
import '../goods.css';

interface SkuRow {
  id?: number;
  parent_sku_id?: number;
  sku_code: string;
  color: string;
  size: string;
  /** The parent SKU's zh-CN names of both, shown instead of them (`SkuNameCell`). */
  colorZh?: string;
  sizeZh?: string;
  /** Yuan as typed; minor units only on the wire. */
  price: number | null;
  image?: string | null;
}

interface EditValues {
  title: string;
  tags: string[];
  skus: SkuRow[];
  images: ImageValue[];
}

function toValues(product: FinishedProductDetail): EditValues {
  return {
    title: product.title,
    tags: product.tags,
    skus: product.skus.map((sku) => ({
      id: sku.id,
      parent_sku_id: sku.parentSkuId ?? undefined,
      sku_code: sku.skuCode,
      color: sku.color,
      size: sku.size,
      colorZh: sku.colorZh,
      sizeZh: sku.sizeZh,
      price: minorToYuan(sku.priceMinor),
      image: sku.image,
    })),
    images: product.images.map(({ url, kind, color }) => ({ url, kind, color })),
  };
}

/**
 * A 422 names fields as the API sees them (`skus.1.price_minor`); the form holds prices in
 * yuan under `price` and list indexes as numbers. Image errors land on the image list.
 */
function toFormErrors(fields: Record<string, string>) {
  const onForm: { name: (string | number)[]; errors: string[] }[] = [];
  const elsewhere: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const parts = key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const [top] = parts;
    if (top === 'title' || top === 'tags') onForm.push({ name: [top], errors: [message] });
    else if (top === 'images') onForm.push({ name: ['images'], errors: [message] });
    else if (top === 'skus' && parts.length >= 3) {
      const field = parts[2] === 'price_minor' ? 'price' : parts[2]!;
      onForm.push({ name: ['skus', parts[1]!, field], errors: [message] });
    } else if (top === 'skus') onForm.push({ name: ['skus'], errors: [message] });
    else elsewhere.push(message);
  }
  return { onForm, elsewhere };
}

function EditForm({
  product,
  form,
}: {
  product: FinishedProductDetail;
  form: FormInstance<EditValues>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const save = useGoodsMutation(updateFinishedProduct);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leave = () => {
    if (!dirty) return void navigate(COLLECT_PATH);
    Modal.confirm({
      title: t('goods.edit.discardTitle'),
      content: t('goods.edit.discardContent'),
      okText: t('goods.edit.discard'),
      okButtonProps: { danger: true },
      onOk: () => void navigate(COLLECT_PATH),
    });
  };

  const submit = (values: EditValues) => {
    save.mutate(
      {
        id: product.id,
        title: values.title,
        tags: values.tags,
        skus: values.skus.map((row) => ({
          ...(row.id ? { id: row.id } : {}),
          ...(row.parent_sku_id ? { parent_sku_id: row.parent_sku_id } : {}),
          sku_code: row.sku_code.trim(),
          color: row.color ?? '',
          size: row.size ?? '',
          price_minor: yuanToMinor(row.price) ?? 0,
          image: row.image ?? null,
        })),
        images: values.images,
      },
      {
        onSuccess: () => {
          setDirty(false);
          feedback.success(t('goods.edit.saved'));
          void navigate(COLLECT_PATH);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : null;
          if (!fields) return reportError(error);
          const { onForm, elsewhere } = toFormErrors(fields);
          // The names are built from the API's field paths, which the form's types cannot know.
          form.setFields(onForm as Parameters<typeof form.setFields>[0]);
          if (onForm.length > 0) {
            void form.scrollToField(onForm[0]!.name, { block: 'center' });
            feedback.error(t('goods.edit.fixFields'));
          }
          for (const message of elsewhere) feedback.error(message);
        },
      },
    );
  };

  return (
    <Form<EditValues>
      form={form}
      layout="vertical"
      initialValues={toValues(product)}
      onValuesChange={() => setDirty(true)}
      onFinish={submit}
      scrollToFirstError
      className="goods-edit"
    >
      <Form.Item
        name="title"
        label={t('goods.edit.title')}
        rules={[{ required: true, whitespace: true, message: t('goods.edit.titleRequired') }]}
      >
        <Input maxLength={FINISHED_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="tags" label={t('goods.edit.tags')} extra={t('goods.edit.tagsHint')}>
        <Select
          mode="tags"
          aria-label={t('goods.edit.tags')}
          maxCount={FINISHED_TAGS_MAX}
          tokenSeparators={[',', '，']}
          open={false}
          suffixIcon={null}
        />
      </Form.Item>
      <Form.Item label={t('goods.edit.skus')} required className="goods-edit__skus">
        <Form.List
          name="skus"
          rules={[
            {
              validator: async (_, rows: SkuRow[] | undefined) => {
                if (!rows || rows.length === 0) throw new Error(t('goods.edit.skusRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={fields}
                scroll={{ x: 720 }}
                columns={[
                  {
                    key: 'code',
                    title: t('goods.edit.skuCode'),
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'sku_code']}
                        rules={[
                          {
                            pattern: SKU_CODE_PATTERN,
                            message: t('goods.edit.skuCodeInvalid'),
                          },
                        ]}
                      >
                        <Input
                          aria-label={t('goods.edit.skuCodeOf', { index: field.name + 1 })}
                          placeholder={t('goods.edit.skuCodeAuto')}
                          maxLength={64}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'color',
                    title: t('goods.edit.color'),
                    width: 140,
                    render: (_, field) => (
                      <SkuNameCell
                        index={field.name}
                        field="color"
                        label={t('goods.edit.colorOf', { index: field.name + 1 })}
                      />
                    ),
                  },
                  {
                    key: 'size',
                    title: t('goods.edit.size'),
                    width: 120,
                    render: (_, field) => (
                      <SkuNameCell
                        index={field.name}
                        field="size"
                        label={t('goods.edit.sizeOf', { index: field.name + 1 })}
                      />
                    ),
                  },
                  {
                    key: 'price',
                    title: t('goods.edit.price'),
                    width: 150,
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'price']}
                        rules={[{ required: true, message: t('goods.edit.priceRequired') }]}
                      >
                        <InputNumber
                          aria-label={t('goods.edit.priceOf', { index: field.name + 1 })}
                          min={0}
                          precision={2}
                          prefix="¥"
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'remove',
                    width: 56,
                    render: (_, field) => (
                      <IconAction
                        danger
                        label={t('goods.edit.removeSku', { index: field.name + 1 })}
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                      />
                    ),
                  },
                ]}
              />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= FINISHED_SKUS_MAX}
                onClick={() => add({ sku_code: '', color: '', size: '', price: null })}
                style={{ marginTop: 8 }}
              >
                {t('goods.edit.addSku')}
              </Button>
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="images" label={t('goods.edit.images')} extra={t('goods.edit.imagesHint')}>
        <ImageListField />
      </Form.Item>
      <div className="goods-edit__footer">
        <Button onClick={leave}>{t('goods.edit.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('goods.edit.save')}
        </Button>
      </div>
    </Form>
  );
}

/** /goods/productHouseEdit?id=: title, tags, SKUs and pictures of one of the seller's products. */
export function ProductEditPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const product = useEditableProduct(id);
  const [form] = Form.useForm<EditValues>();
  const isBoss = useAuthStore((s) => s.userInfo?.is_boss ?? false);

  const back = (
    <Link to={COLLECT_PATH} className="library-back">
      <ArrowLeftOutlined /> {t('goods.edit.back')}
    </Link>
  );

  if (
    id === null ||
    (product.isError && isApiError(product.error) && product.error.status === 404)
  ) {
    return (
      <Card className="page-card" variant="borderless">
        <Result
          status="404"
          title={id === null ? t('goods.detail.missingId') : t('goods.detail.notFound')}
          extra={back}
        />
      </Card>
    );
  }

  let body;
  if (product.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        message={t('goods.detail.loadFailed')}
        description={product.error.message}
        action={<Button onClick={() => void product.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (product.isPending) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else {
    const editForm = <EditForm key={product.data.id} product={product.data} form={form} />;
    // The audit log is the boss's (staff get 403), so only the boss sees the History tab.
    body = isBoss ? (
      <Tabs
        items={[
          { key: 'edit', label: t('goods.edit.tabEdit'), children: editForm },
          {
            key: 'history',
            label: t('team.history.title'),
            children: <AuditHistory object="goods" id={product.data.id} />,
          },
        ]}
      />
    ) : (
      editForm
    );
  }

  return (
    <Card className="page-card" variant="borderless" title={title}>
      {back}
      {body}
    </Card>
  );
}
