import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  previewSkus,
  SKU_DATE_FORMATS,
  SkuRuleInput,
  type GenerateSkuResult,
  type SkuRule,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { generateSkus, saveSkuRule, useSkuRule, useUpcMutation } from '../api/upc.ts';

const SEPARATORS = [
  { value: '', key: 'none' },
  { value: '-', key: 'dash' },
  { value: '_', key: 'underscore' },
] as const;

const PREVIEW_COUNT = 3;

/** The seller's SKU rule with a live preview of the next SKUs, and a generator. */
export function SkuRulePanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const rule = useSkuRule();
  if (rule.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('upc.sku.loadFailed')}
        action={<Button onClick={() => void rule.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!rule.data) return <Skeleton active />;
  return <SkuRuleForm rule={rule.data} canEdit={canEdit} />;
}

function SkuRuleForm({ rule, canEdit }: { rule: SkuRule; canEdit: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SkuRuleInput>();
  const values = Form.useWatch([], form) as Partial<SkuRuleInput> | undefined;
  const save = useUpcMutation(saveSkuRule);
  const generate = useUpcMutation(generateSkus);
  const [count, setCount] = useState(5);
  const [generated, setGenerated] = useState<GenerateSkuResult | null>(null);

  useEffect(() => {
    form.setFieldsValue({
      prefix: rule.prefix,
      date_format: rule.date_format,
      seq_width: rule.seq_width,
      separator: rule.separator,
    });
  }, [form, rule]);

  const parsed = SkuRuleInput.safeParse({ ...rule, ...values });
  const preview = parsed.success ? previewSkus(parsed.data, rule, PREVIEW_COUNT) : [];

  const submit = (v: SkuRuleInput) =>
    save.mutate(
      { ...v, prefix: v.prefix.trim() },
      {
        onSuccess: () => feedback.success(t('upc.sku.saved')),
        onError: (error) => reportError(error, form),
      },
    );

  const runGenerate = () =>
    generate.mutate(
      { count },
      {
        onSuccess: (answer) => {
          setGenerated(answer);
          feedback.success(t('upc.sku.generated', { count: answer.skus.length }));
        },
        onError: (error) => reportError(error),
      },
    );

  return (
    <Flex vertical gap={16} className="upc-sku">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('upc.sku.intro')}
      </Typography.Paragraph>
      <Form form={form} name="sku-rule" layout="vertical" onFinish={submit} disabled={!canEdit}>
        <div className="upc-form-row">
          <Form.Item
            name="prefix"
            label={t('upc.sku.prefix')}
            rules={[{ pattern: /^\s*[A-Za-z0-9]*\s*$/, message: t('upc.sku.prefixInvalid') }]}
          >
            <Input maxLength={20} className="upc-mono" />
          </Form.Item>
          <Form.Item name="date_format" label={t('upc.sku.dateFormat')}>
            <Select
              aria-label={t('upc.sku.dateFormat')}
              options={SKU_DATE_FORMATS.map((f) => ({
                value: f,
                label: t(`upc.sku.dateFormats.${f}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="seq_width"
            label={t('upc.sku.seqWidth')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber min={1} max={10} precision={0} />
          </Form.Item>
          <Form.Item name="separator" label={t('upc.sku.separator')}>
            <Select
              aria-label={t('upc.sku.separator')}
              options={SEPARATORS.map((s) => ({
                value: s.value,
                label: t(`upc.sku.separators.${s.key}`),
              }))}
            />
          </Form.Item>
        </div>
        <Card size="small" title={t('upc.sku.preview')} className="upc-preview">
          <Space wrap data-testid="sku-preview">
            {preview.map((sku) => (
              <Tag key={sku} className="upc-mono">
                {sku}
              </Tag>
            ))}
          </Space>
          <Typography.Paragraph type="secondary" className="upc-preview-hint">
            {t('upc.sku.previewHint')}
          </Typography.Paragraph>
        </Card>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.isPending} className="upc-save">
            {t('upc.sku.save')}
          </Button>
        )}
      </Form>
      <Flex gap={8} align="center" wrap>
        <span>{t('upc.sku.generateCount')}</span>
        <InputNumber
          aria-label={t('upc.sku.generateCount')}
          min={1}
          max={500}
          precision={0}
          value={count}
          onChange={(v) => setCount(v ?? 1)}
        />
        <Button onClick={runGenerate} loading={generate.isPending}>
          {t('upc.sku.generate')}
        </Button>
      </Flex>
      {generated && (
        <Typography.Paragraph
          data-testid="sku-generated"
          className="upc-code-list"
          copyable={{ text: generated.skus.join('\n') }}
        >
          {generated.skus.join('  ')}
        </Typography.Paragraph>
      )}
    </Flex>
  );
}
