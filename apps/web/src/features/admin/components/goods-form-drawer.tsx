import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Drawer,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  CATALOG_STATUSES,
  majorToMinor,
  minorToMajor,
  type CategoryTree,
  type PrintArea,
  type SysGoodsDetail,
  type SysGoodsInput,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { catalogueKeys, sysGoods } from '../api/catalogue.ts';

const CNY = 'CNY';

interface SkuValues {
  id?: number;
  sku: string;
  color?: string;
  color_zh?: string;
  size?: string;
  size_zh?: string;
  cost: number;
  stock?: number;
  status: 'on' | 'off';
}
interface ImageValues {
  url: string;
  color?: string;
  print_areas?: PrintArea[];
}
interface Values {
  category_id: number;
  title: string;
  title_en?: string;
  supplier?: string;
  factory_id?: number | null;
  weight_g?: number;
  length_mm?: number;
  width_mm?: number;
  height_mm?: number;
  status: 'on' | 'off';
  skus: SkuValues[];
  images: ImageValues[];
}

const NEW_SKU: SkuValues = { sku: '', cost: 0, stock: 0, status: 'on' };

function valuesOf(detail: SysGoodsDetail | null): Partial<Values> {
  if (!detail) return { status: 'on', skus: [{ ...NEW_SKU }], images: [] };
  return {
    ...detail,
    skus: detail.skus.map(({ cost_minor, ...s }) => ({
      ...s,
      cost: minorToMajor(cost_minor, CNY),
    })),
    images: detail.images,
  };
}

/** The form's values as the API takes them: costs in fen, blanks as the schema's defaults. */
function inputOf(values: Values): SysGoodsInput {
  return {
    category_id: values.category_id,
    title: values.title,
    title_en: values.title_en ?? '',
    supplier: values.supplier ?? '',
    factory_id: values.factory_id ?? null,
    weight_g: values.weight_g ?? 0,
    length_mm: values.length_mm ?? 0,
    width_mm: values.width_mm ?? 0,
    height_mm: values.height_mm ?? 0,
    attributes: {},
    attributes_en: {},
    status: values.status,
    skus: values.skus.map(({ cost, ...s }) => ({
      ...s,
      color: s.color ?? '',
      color_zh: s.color_zh ?? '',
      size: s.size ?? '',
      size_zh: s.size_zh ?? '',
      stock: s.stock ?? 0,
      cost_minor: majorToMinor(cost, CNY) ?? 0,
    })),
    images: (values.images ?? []).map((i) => ({
      url: i.url,
      color: i.color ?? '',
      print_areas: i.print_areas ?? [],
    })),
  };
}

function treeData(nodes: CategoryTree, zh: boolean): object[] {
  return nodes.map((n) => ({
    title: zh ? n.name : n.nameEn,
    value: n.id,
    children: treeData(n.children, zh),
  }));
}

const AREA_LABELS = {
  x: () => 'x',
  y: () => 'y',
  width: (t: TFunction) => t('admin.goods.form.areaWidth'),
  height: (t: TFunction) => t('admin.goods.form.areaHeight'),
};

/** One picture with its print areas (pixels on the picture, printed size in millimetres). */
function PrintAreas({ imageField }: { imageField: number }) {
  const { t } = useTranslation();
  return (
    <Form.List name={[imageField, 'print_areas']}>
      {(fields, { add, remove }) => (
        <>
          <Typography.Paragraph type="secondary" className="admin-area-hint">
            {t('admin.goods.form.areaHint')}
          </Typography.Paragraph>
          {fields.map((field) => (
            <Space key={field.key} wrap align="end" className="admin-print-area">
              <Form.Item
                name={[field.name, 'name']}
                label={t('admin.goods.form.areaName')}
                rules={[{ required: true }]}
              >
                <Input maxLength={64} style={{ width: 100 }} />
              </Form.Item>
              {(['x', 'y', 'width', 'height'] as const).map((name) => (
                <Form.Item
                  key={name}
                  name={[field.name, name]}
                  label={AREA_LABELS[name](t)}
                  rules={[{ required: true }]}
                >
                  <InputNumber min={name.length > 1 ? 1 : 0} precision={0} style={{ width: 80 }} />
                </Form.Item>
              ))}
              <Form.Item name={[field.name, 'widthMm']} label={t('admin.goods.form.widthMm')}>
                <InputNumber min={1} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'heightMm']} label={t('admin.goods.form.heightMm')}>
                <InputNumber min={1} style={{ width: 90 }} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('admin.goods.form.remove')}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => add({ name: 'Front', x: 0, y: 0, width: 100, height: 100 })}
          >
            {t('admin.goods.form.addArea')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Creating or editing a parent product: basics, SKUs with costs, pictures with print areas. */
export function GoodsFormDrawer({
  detail,
  onClose,
  onSaved,
}: {
  /** null: a new product. */
  detail: SysGoodsDetail | null;
  onClose: () => void;
  onSaved: (saved: SysGoodsDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const zh = currentLanguage() === 'zh-CN';
  const categories = useQuery({ queryKey: catalogueKeys.categories, queryFn: sysGoods.categories });
  const factories = useQuery({ queryKey: catalogueKeys.factories, queryFn: sysGoods.factories });

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const input = inputOf(values);
      const saved = detail
        ? await sysGoods.update({ ...input, id: detail.id })
        : await sysGoods.add(input);
      feedback.success(t('admin.catalogue.saved'));
      onSaved(saved);
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={960}
      title={t(detail ? 'admin.goods.editTitle' : 'admin.goods.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('admin.catalogue.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('admin.catalogue.save')}
          </Button>
        </Space>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={valuesOf(detail)}>
        <Card size="small" title={t('admin.goods.form.basics')}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="title"
                label={t('admin.goods.form.titleZh')}
                rules={[{ required: true }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="title_en" label={t('admin.goods.form.titleEn')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="category_id"
                label={t('admin.goods.form.category')}
                rules={[{ required: true }]}
              >
                <TreeSelect treeDefaultExpandAll treeData={treeData(categories.data ?? [], zh)} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="factory_id" label={t('admin.goods.form.factory')}>
                <Select
                  allowClear
                  placeholder={t('admin.goods.form.defaultFactory')}
                  options={(factories.data ?? []).map((f) => ({
                    value: f.id,
                    label: zh ? f.name : f.name_en || f.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="status" label={t('admin.goods.status')}>
                <Select
                  options={CATALOG_STATUSES.map((s) => ({
                    value: s,
                    label: t(`admin.catalogue.status.${s}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="supplier" label={t('admin.goods.form.supplier')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            {(['weight_g', 'length_mm', 'width_mm', 'height_mm'] as const).map((name) => (
              <Col span={4} key={name}>
                <Form.Item
                  name={name}
                  label={t(`admin.goods.form.${name.split('_')[0] as 'weight'}`)}
                >
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Card>

        <Card size="small" title={t('admin.goods.form.skus')} className="admin-form-card">
          <Form.List name="skus">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} wrap align="end" className="admin-sku-row">
                    <Form.Item
                      name={[field.name, 'sku']}
                      label={t('admin.goods.form.sku')}
                      rules={[{ required: true }]}
                    >
                      <Input maxLength={64} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'color']} label={t('admin.goods.form.color')}>
                      <Input maxLength={64} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'color_zh']}
                      label={t('admin.goods.form.colorZh')}
                    >
                      <Input maxLength={64} style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'size']} label={t('admin.goods.form.size')}>
                      <Input maxLength={32} style={{ width: 80 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'cost']}
                      label={t('admin.goods.form.cost')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={0} precision={2} style={{ width: 100 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'stock']} label={t('admin.goods.form.stock')}>
                      <InputNumber min={0} precision={0} style={{ width: 90 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'status']} label={t('admin.goods.status')}>
                      <Select
                        style={{ width: 90 }}
                        options={CATALOG_STATUSES.map((s) => ({
                          value: s,
                          label: t(`admin.catalogue.status.${s}`),
                        }))}
                      />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('admin.goods.form.remove')}
                      disabled={fields.length === 1}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_SKU })}>
                  {t('admin.goods.form.addSku')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card size="small" title={t('admin.goods.form.images')} className="admin-form-card">
          <Form.List name="images">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Row key={field.key} gutter={12} className="admin-image-row">
                    <Col flex="120px">
                      <Image
                        width={110}
                        src={form.getFieldValue(['images', field.name, 'url']) as string}
                      />
                    </Col>
                    <Col flex="auto">
                      <Space align="end">
                        <Form.Item
                          name={[field.name, 'color']}
                          label={t('admin.goods.form.imageColor')}
                        >
                          <Input maxLength={64} style={{ width: 140 }} />
                        </Form.Item>
                        <Button danger icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                          {t('admin.goods.form.remove')}
                        </Button>
                      </Space>
                      <PrintAreas imageField={field.name} />
                    </Col>
                  </Row>
                ))}
                <Upload
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  showUploadList={false}
                  customRequest={({ file, onSuccess, onError }) => {
                    sysGoods
                      .upload(file as File)
                      .then((image) => {
                        add({ url: image.url, color: '', print_areas: [] });
                        onSuccess?.(image);
                      })
                      .catch((error: Error) => {
                        reportError(error);
                        onError?.(error);
                      });
                  }}
                >
                  <Button icon={<UploadOutlined />}>{t('admin.goods.form.upload')}</Button>
                </Upload>
              </>
            )}
          </Form.List>
        </Card>
      </Form>
    </Drawer>
  );
}
