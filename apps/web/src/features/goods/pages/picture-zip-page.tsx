import { useCallback, useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Form, Radio, Select, Typography } from 'antd';
import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  formatTimestamp,
  PICTURE_ZIP_MAX_IMAGES,
  PICTURE_ZIP_MAX_ITEMS,
  PICTURE_ZIP_NAMINGS,
  PICTURE_ZIP_SIZES,
  type JobState,
  type PictureZipNaming,
  type PictureZipResult,
  type PictureZipSize,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import type { ViewProps } from '../../../shared/view-props.ts';
import { downloadPictureZip, startPictureZip, useZipBatches } from '../api/picture-zip.ts';
import { ProductSelect } from '../components/product-select.tsx';
import '../goods.css';

interface Values {
  source: 'goods' | 'batch';
  ids?: number[];
  batch_id?: number;
  sizes: PictureZipSize[];
  naming: PictureZipNaming;
}

const INITIAL: Values = { source: 'goods', sizes: ['original'], naming: 'sku_index' };

/** Picture zip (`/goods/pictureZip`): products or a listing batch, sizes and names, one zip. */
export function PictureZipPage(_props: ViewProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form) ?? INITIAL.source;
  const batches = useZipBatches(source === 'batch');
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<PictureZipResult | null>(null);

  const submit = async (values: Values) => {
    setStarting(true);
    setResult(null);
    try {
      const options = { sizes: values.sizes, naming: values.naming };
      const started = await startPictureZip(
        values.source === 'goods'
          ? { source: 'goods', ids: values.ids ?? [], ...options }
          : { source: 'batch', batch_id: values.batch_id ?? 0, ...options },
      );
      setJobId(started.job_id);
    } catch (error) {
      reportError(error, form);
    } finally {
      setStarting(false);
    }
  };

  const onFinished = useCallback(
    (job: JobState) => {
      if (job.status !== 'succeeded') return;
      setResult(job.result as PictureZipResult);
      feedback.success(t('goods.pictureZip.ready'));
    },
    [t],
  );

  const download = (r: PictureZipResult) =>
    void downloadPictureZip(r.url, r.file_name).catch((error: unknown) => reportError(error));

  const running = jobId !== null && result === null;

  return (
    <Card title={t('menu.goods.pictureZip')}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item name="source" label={t('goods.pictureZip.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'goods', label: t('goods.pictureZip.fromGoods') },
              { value: 'batch', label: t('goods.pictureZip.fromBatch') },
            ]}
          />
        </Form.Item>
        {source === 'goods' ? (
          <Form.Item
            name="ids"
            label={t('goods.pictureZip.products')}
            extra={t('goods.pictureZip.productsHint', { max: PICTURE_ZIP_MAX_ITEMS })}
            rules={[{ required: true, message: t('goods.pictureZip.productsRequired') }]}
          >
            <ProductSelect
              multiple
              aria-label={t('goods.pictureZip.products')}
              placeholder={t('goods.relative.search')}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="batch_id"
            label={t('goods.pictureZip.batch')}
            rules={[{ required: true, message: t('goods.pictureZip.batchRequired') }]}
          >
            <Select
              aria-label={t('goods.pictureZip.batch')}
              loading={batches.isFetching}
              notFoundContent={t('goods.pictureZip.noBatches')}
              options={(batches.data ?? []).map((b) => ({
                value: b.id,
                label: t('goods.pictureZip.batchLabel', {
                  id: b.id,
                  kind: t(`listings.batch.kinds.${b.kind}`, { defaultValue: b.kind }),
                  store: b.store_alias,
                  count: b.listings,
                  at: formatTimestamp(b.created_at),
                }),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="sizes"
          label={t('goods.pictureZip.sizes')}
          extra={t('goods.pictureZip.sizesHint')}
          rules={[{ required: true, message: t('goods.pictureZip.sizesRequired') }]}
        >
          <Checkbox.Group
            options={PICTURE_ZIP_SIZES.map((size) => ({
              value: size,
              label: size === 'original' ? t('goods.pictureZip.original') : `${size} px`,
            }))}
          />
        </Form.Item>
        <Form.Item name="naming" label={t('goods.pictureZip.naming')}>
          <Radio.Group
            options={PICTURE_ZIP_NAMINGS.map((naming) => ({
              value: naming,
              label: t(`goods.pictureZip.namings.${naming}`),
            }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('goods.pictureZip.limit', { max: PICTURE_ZIP_MAX_IMAGES })}
        </Typography.Paragraph>
        <Button
          type="primary"
          htmlType="submit"
          icon={<FileZipOutlined />}
          loading={starting || running}
        >
          {t('goods.pictureZip.start')}
        </Button>
      </Form>

      {jobId ? (
        <Flex vertical gap={12} style={{ marginTop: 24 }}>
          <JobProgress key={jobId} jobId={jobId} onFinished={onFinished} />
          {result ? (
            <Alert
              type="success"
              showIcon
              title={t('goods.pictureZip.done', {
                images: result.images,
                size: (result.bytes / 1024 / 1024).toLocaleString(i18n.language, {
                  maximumFractionDigits: 1,
                }),
              })}
              description={
                result.missing > 0
                  ? t('goods.pictureZip.missing', { count: result.missing })
                  : undefined
              }
              action={
                <Button type="primary" icon={<DownloadOutlined />} onClick={() => download(result)}>
                  {t('goods.pictureZip.download')}
                </Button>
              }
            />
          ) : null}
        </Flex>
      ) : null}
    </Card>
  );
}
