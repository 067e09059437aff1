import { useState } from 'react';
import { Button, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import { PictureOutlined, TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ImageTranslateResult, JobState, Listing } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { JobProgress } from '../../../shared/jobs/job-progress.tsx';
import {
  makeMainImageCompliant,
  translateImage,
  translateListingImages,
  useListingMutation,
} from '../api/listings.ts';

/** Languages of the marketplaces' sites that image text can be translated into. */
const TARGETS = ['de', 'fr', 'es', 'it', 'nl', 'sv', 'pl', 'ja', 'en'] as const;

/**
 * Under the image strip: "make the main image compliant" in one click, and image translation
 * (one image previewed before/after, or every image of the listing as a job).
 */
export function ImageTools({ listing }: { listing: Listing }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const images = (Form.useWatch('images', form) as string[] | undefined) ?? listing.images;
  const [translating, setTranslating] = useState(false);
  const compliant = useListingMutation(makeMainImageCompliant);

  const makeCompliant = () =>
    compliant.mutate(listing.id, {
      onSuccess: (answer) => {
        // Saved on the server already, so the form takes it without becoming dirty.
        form.setFieldValue('images', answer.images);
        feedback.success(t(`listings.editor.imageTools.compliantDone.${answer.method}`));
      },
      onError: (error) => reportError(error),
    });

  return (
    <div className="listings-image-tools">
      <Space wrap>
        <Button
          icon={<PictureOutlined />}
          loading={compliant.isPending}
          disabled={images.length === 0 && listing.goods_id === null}
          onClick={makeCompliant}
        >
          {t('listings.editor.imageTools.compliant')}
        </Button>
        <Button
          icon={<TranslationOutlined />}
          disabled={images.length === 0}
          onClick={() => setTranslating(true)}
        >
          {t('listings.editor.imageTools.translate')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" className="listings-image-tools__hint">
        {t('listings.editor.imageTools.hint')}
      </Typography.Paragraph>
      {translating && (
        <TranslateDialog
          listing={listing}
          images={images}
          onReplace={(index, url) =>
            form.setFieldValue(
              'images',
              images.map((u, i) => (i === index ? url : u)),
            )
          }
          onClose={() => setTranslating(false)}
        />
      )}
    </div>
  );
}

function TranslateDialog({
  listing,
  images,
  onReplace,
  onClose,
}: {
  listing: Listing;
  images: string[];
  onReplace: (index: number, url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [target, setTarget] = useState<string>('de');
  const [index, setIndex] = useState(0);
  const [preview, setPreview] = useState<ImageTranslateResult | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const one = useListingMutation(translateImage);
  const all = useListingMutation(translateListingImages);

  const previewOne = () =>
    one.mutate(
      { url: images[index]!, source: 'en', target },
      { onSuccess: setPreview, onError: (error) => reportError(error) },
    );
  const startAll = () =>
    all.mutate(
      { id: listing.id, source: 'en', target },
      { onSuccess: (answer) => setJobId(answer.job_id), onError: (error) => reportError(error) },
    );
  const finished = (job: JobState) => {
    if (job.status !== 'succeeded') return;
    const result = job.result as { images: Array<{ before: string; after: string }> } | null;
    const after = new Map((result?.images ?? []).map((r) => [r.before, r.after]));
    form.setFieldValue(
      'images',
      images.map((u) => after.get(u) ?? u),
    );
    feedback.success(t('listings.editor.imageTools.allDone'));
  };

  return (
    <Modal
      open
      width={880}
      title={t('listings.editor.imageTools.dialogTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('listings.editor.imageTools.close')}</Button>}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('listings.editor.imageTools.target')}</span>
          <Select
            aria-label={t('listings.editor.imageTools.target')}
            value={target}
            style={{ width: 160 }}
            onChange={(value) => {
              setTarget(value);
              setPreview(null);
            }}
            options={TARGETS.map((code) => ({
              value: code,
              label: t(`listings.editor.imageTools.languages.${code}`),
            }))}
          />
          <Button
            type="primary"
            loading={all.isPending}
            disabled={jobId !== null}
            onClick={startAll}
          >
            {t('listings.editor.imageTools.translateAll', { count: images.length })}
          </Button>
        </Space>
        {jobId && <JobProgress jobId={jobId} onFinished={finished} />}
        <Radio.Group
          value={index}
          onChange={(e) => {
            setIndex(e.target.value as number);
            setPreview(null);
          }}
          className="listings-image-tools__choices"
        >
          {images.map((url, i) => (
            <Radio
              key={url}
              value={i}
              aria-label={t('listings.editor.images.alt', { index: i + 1 })}
            >
              <img src={url} alt="" className="listings-image-tools__choice" />
            </Radio>
          ))}
        </Radio.Group>
        <Space>
          <Button loading={one.isPending} onClick={previewOne}>
            {t('listings.editor.imageTools.preview')}
          </Button>
          {preview && (
            <Button
              type="primary"
              onClick={() => {
                onReplace(index, preview.after_url);
                feedback.success(t('listings.editor.imageTools.replaced'));
              }}
            >
              {t('listings.editor.imageTools.replace')}
            </Button>
          )}
        </Space>
        {preview && (
          <div className="listings-image-tools__compare" data-testid="image-translate-preview">
            <figure>
              <img src={preview.before_url} alt={t('listings.editor.imageTools.before')} />
              <figcaption>{t('listings.editor.imageTools.before')}</figcaption>
            </figure>
            <figure>
              <img src={preview.after_url} alt={t('listings.editor.imageTools.after')} />
              <figcaption>{t('listings.editor.imageTools.after')}</figcaption>
            </figure>
            <Typography.Text type="secondary">
              {t('listings.editor.imageTools.found', {
                count: preview.segments.filter((s) => s.changed).length,
              })}
            </Typography.Text>
          </div>
        )}
      </Space>
    </Modal>
  );
}
