import { Dropdown, Button, Form, Input } from 'antd';
import { DownOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BULLET_POINT_COUNT,
  BULLET_POINT_MAX,
  LISTING_DESCRIBE_MAX,
  LISTING_KEYWORDS_MAX,
  renderTemplate,
  type ForbidHit,
  type Listing,
  type PlaceholderValues,
  type TextTemplateKind,
} from '@app/shared';
import { feedback } from '../../../shared/feedback.ts';
import { useTextTemplateOptions } from '../api/listings.ts';
import type { EditorValues } from '../editor-form.ts';
import { issueExtra, type IssuesFor } from './field-issues.tsx';
import { ImageStrip } from './image-strip.tsx';
import { ImageTools } from './image-tools.tsx';
import { MarkedText } from './marked-text.tsx';

/** Fills one field (or, for bullet templates, the five bullets) from a text template. */
function ApplyTemplate({
  kind,
  values,
  onApply,
}: {
  kind: TextTemplateKind;
  values: () => PlaceholderValues;
  onApply: (text: string) => void;
}) {
  const { t } = useTranslation();
  const templates = useTextTemplateOptions(kind);
  const list = templates.data?.list ?? [];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items:
          list.length === 0
            ? [{ key: 'none', label: t('listings.editor.text.noTemplates'), disabled: true }]
            : list.map((tpl) => ({ key: String(tpl.id), label: tpl.name })),
        onClick: ({ key }) => {
          const tpl = list.find((x) => String(x.id) === key);
          if (!tpl) return;
          const rendered = renderTemplate(tpl.content, values());
          onApply(rendered.text);
          if (rendered.missing.length > 0) {
            feedback.warning(
              t('listings.editor.text.missing', { names: rendered.missing.join(', ') }),
            );
          } else feedback.success(t('listings.editor.text.templateApplied'));
        },
      }}
    >
      <Button size="small" type="link" icon={<FileTextOutlined />}>
        {t('listings.editor.text.applyTemplate')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * Step 4: title (counted against the site's limit), five bullets, descriptions, keywords and
 * the images; forbidden words are marked under each field as the seller types.
 */
export function StepContent({
  listing,
  titleMax,
  hits,
  placeholders,
  issuesFor,
}: {
  listing: Listing;
  titleMax: number;
  hits: readonly ForbidHit[];
  placeholders: () => PlaceholderValues;
  issuesFor: IssuesFor;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<EditorValues>();
  const title = (Form.useWatch('title', form) as string | undefined) ?? '';
  const bullets = (Form.useWatch('bullet_points', form) as string[] | undefined) ?? [];
  const describe = (Form.useWatch('describe', form) as string | undefined) ?? '';
  const customDescribe = (Form.useWatch('custom_describe', form) as string | undefined) ?? '';
  const keywords = (Form.useWatch('keywords', form) as string | undefined) ?? '';

  /** The marked text under a field, only while it has forbidden words (no empty gap otherwise). */
  const marks = (field: string, text: string) =>
    hits.some((h) => h.field === field) ? (
      <MarkedText text={text} hits={hits} field={field} />
    ) : undefined;

  const labelWith = (label: string, kind: TextTemplateKind, apply: (text: string) => void) => (
    <span className="listings-label">
      {label}
      <ApplyTemplate kind={kind} values={placeholders} onApply={apply} />
    </span>
  );

  return (
    <div className="listings-step" data-testid="step-content">
      <Form.Item
        name="title"
        label={labelWith(t('listings.editor.text.title'), 'goods-item', (text) =>
          form.setFieldValue('title', text),
        )}
        rules={[
          { required: true, whitespace: true, message: t('listings.editor.text.titleRequired') },
        ]}
        extra={issueExtra(issuesFor, 'title', marks('title', title))}
      >
        <Input count={{ show: true, max: titleMax }} aria-label={t('listings.editor.text.title')} />
      </Form.Item>
      <Form.Item
        label={labelWith(
          t('listings.editor.text.bullet', { index: '1–5' }),
          'five-point-describe',
          (text) => {
            const lines = text
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean);
            form.setFieldValue(
              'bullet_points',
              Array.from({ length: BULLET_POINT_COUNT }, (_, i) => lines[i] ?? ''),
            );
          },
        )}
        extra={issueExtra(issuesFor, 'bullet_points')}
      >
        {Array.from({ length: BULLET_POINT_COUNT }, (_, i) => (
          <Form.Item
            key={i}
            name={['bullet_points', i]}
            className="listings-bullet"
            extra={issueExtra(
              issuesFor,
              `bullet_points.${i}`,
              marks(`bullet_points.${i}`, bullets[i] ?? ''),
            )}
          >
            <Input
              count={{ show: true, max: BULLET_POINT_MAX }}
              placeholder={t('listings.editor.text.bullet', { index: i + 1 })}
              aria-label={t('listings.editor.text.bullet', { index: i + 1 })}
            />
          </Form.Item>
        ))}
      </Form.Item>
      <Form.Item
        name="describe"
        label={labelWith(t('listings.editor.text.describe'), 'describe', (text) =>
          form.setFieldValue('describe', text),
        )}
        extra={issueExtra(issuesFor, 'describe', marks('describe', describe))}
      >
        <Input.TextArea
          count={{ show: true, max: LISTING_DESCRIBE_MAX }}
          autoSize={{ minRows: 4, maxRows: 12 }}
          aria-label={t('listings.editor.text.describe')}
        />
      </Form.Item>
      <Form.Item
        name="custom_describe"
        label={t('listings.editor.text.customDescribe')}
        extra={issueExtra(issuesFor, 'custom_describe', marks('custom_describe', customDescribe))}
      >
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 8 }}
          aria-label={t('listings.editor.text.customDescribe')}
        />
      </Form.Item>
      <Form.Item
        name="keywords"
        label={labelWith(t('listings.editor.text.keywords'), 'keyword', (text) =>
          form.setFieldValue('keywords', text),
        )}
        extra={issueExtra(issuesFor, 'keywords', marks('keywords', keywords))}
      >
        <Input.TextArea
          count={{ show: true, max: LISTING_KEYWORDS_MAX }}
          autoSize={{ minRows: 2, maxRows: 4 }}
          aria-label={t('listings.editor.text.keywords')}
        />
      </Form.Item>
      <Form.Item
        name="images"
        label={t('listings.editor.images.label')}
        extra={issueExtra(issuesFor, 'images')}
      >
        <ImageStrip goodsId={listing.goods_id} issuesFor={issuesFor} />
      </Form.Item>
      <ImageTools listing={listing} />
    </div>
  );
}
