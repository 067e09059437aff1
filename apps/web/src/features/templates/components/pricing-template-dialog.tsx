import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BASIS_POINTS,
  majorToMinor,
  MARKET_SITES,
  MARKETPLACE_NAMES,
  minorToMajor,
  type PlanSaleInput,
  type PricingRule,
  type PricingTemplate,
  ROUNDING_RULES,
  type RoundingRule,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { savePricingTemplate, usePlanSale, useTemplateMutation } from '../api/templates.ts';

interface PricingValues {
  name: string;
  /** Yuan and percentages as typed; the API takes fen and basis points. */
  shipping: number | null;
  fixed_fee: number | null;
  margin: number | null;
  fee_rate: number | null;
  rounding: RoundingRule;
  remark: string;
  sample_cost: number | null;
  site: number;
}

const PREVIEW_DELAY_MS = 300;
const MAX_YUAN = 1_000_000;
const toMinor = (yuan: number | null | undefined) => majorToMinor(yuan ?? 0, 'CNY') ?? 0;
const toBp = (percent: number | null | undefined) =>
  Math.round(((percent ?? 0) * BASIS_POINTS) / 100);

function ruleOf(values: Partial<PricingValues>): PricingRule | null {
  if (values.margin == null || values.fee_rate == null || values.fee_rate >= 100) return null;
  return {
    shipping_minor: toMinor(values.shipping),
    fixed_fee_minor: toMinor(values.fixed_fee),
    margin_bp: toBp(values.margin),
    fee_rate_bp: toBp(values.fee_rate),
    rounding: values.rounding ?? 'none',
  };
}

/** The form's price question, settled for a moment so typing does not send a call per key. */
function useSettledPlan(values: Partial<PricingValues>): PlanSaleInput | null {
  const rule = ruleOf(values);
  const input: PlanSaleInput | null =
    rule && values.sample_cost != null && values.site
      ? { template: rule, cost_minor: toMinor(values.sample_cost), site: values.site }
      : null;
  const key = JSON.stringify(input);
  const [settled, setSettled] = useState<PlanSaleInput | null>(input);
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(JSON.parse(key) as PlanSaleInput | null),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/** Create or edit a pricing template beside a live breakdown of the price it gives. */
export function PricingTemplateDialog({
  template,
  onClose,
}: {
  /** null creates a new template. */
  template: PricingTemplate | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<PricingValues>();
  const values = Form.useWatch([], form) ?? {};
  const plan = usePlanSale(useSettledPlan(values));
  const save = useTemplateMutation(savePricingTemplate);
  const zh = i18n.language.startsWith('zh');

  const submit = (v: PricingValues) =>
    save.mutate(
      {
        id: template?.id,
        name: v.name.trim(),
        remark: v.remark.trim(),
        ...ruleOf(v)!,
      },
      {
        onSuccess: () => {
          feedback.success(t('templates.pricing.saved'));
          onClose();
        },
        onError: (error) => reportError(error, form),
      },
    );

  const percent = (name: 'margin' | 'fee_rate', label: string, max: number) => (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: t('validation.required') },
        ...(name === 'fee_rate'
          ? [{ type: 'number' as const, max: 99.99, message: t('templates.pricing.feeRateMax') }]
          : []),
      ]}
    >
      <InputNumber min={0} max={max} precision={2} step={1} className="templates-number" />
    </Form.Item>
  );

  return (
    <Modal
      open
      width={880}
      title={t(template ? 'templates.pricing.editTitle' : 'templates.pricing.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert className="templates-formula" type="info" title={t('templates.pricing.formula')} />
      <Form<PricingValues>
        form={form}
        name="pricing-template"
        layout="vertical"
        initialValues={{
          name: template?.name ?? '',
          shipping: minorToMajor(template?.shipping_minor ?? 0, 'CNY'),
          fixed_fee: minorToMajor(template?.fixed_fee_minor ?? 0, 'CNY'),
          margin: (template?.margin_bp ?? 3000) / 100,
          fee_rate: (template?.fee_rate_bp ?? 1500) / 100,
          rounding: template?.rounding ?? 'end99',
          remark: template?.remark ?? '',
          sample_cost: 50,
          site: MARKET_SITES[0]!.id,
        }}
        onFinish={submit}
      >
        <div className="templates-pricing">
          <div>
            <Form.Item
              name="name"
              label={t('templates.pricing.name')}
              rules={[
                { required: true, whitespace: true, message: t('templates.pricing.nameRequired') },
              ]}
            >
              <Input maxLength={100} autoFocus />
            </Form.Item>
            <Form.Item name="shipping" label={t('templates.pricing.shipping')}>
              <InputNumber min={0} max={MAX_YUAN} precision={2} className="templates-number" />
            </Form.Item>
            <Form.Item name="fixed_fee" label={t('templates.pricing.fixedFee')}>
              <InputNumber min={0} max={MAX_YUAN} precision={2} className="templates-number" />
            </Form.Item>
            {percent('margin', t('templates.pricing.margin'), 10000)}
            {percent('fee_rate', t('templates.pricing.feeRate'), 99.99)}
            <Form.Item name="rounding" label={t('templates.pricing.rounding')}>
              <Select
                aria-label={t('templates.pricing.rounding')}
                options={ROUNDING_RULES.map((rule) => ({
                  value: rule,
                  label: t(`templates.pricing.roundings.${rule}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="remark" label={t('templates.pricing.remark')}>
              <Input maxLength={200} />
            </Form.Item>
          </div>
          <section className="templates-preview" aria-label={t('templates.pricing.preview')}>
            <Typography.Text strong>{t('templates.pricing.preview')}</Typography.Text>
            <Form.Item name="sample_cost" label={t('templates.pricing.sampleCost')}>
              <InputNumber min={0} max={MAX_YUAN} precision={2} className="templates-number" />
            </Form.Item>
            <Form.Item name="site" label={t('templates.pricing.site')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={t('templates.pricing.site')}
                options={MARKET_SITES.map((site) => ({
                  value: site.id,
                  label: `${MARKETPLACE_NAMES[site.marketplace]} · ${zh ? site.nameZh : site.name} · ${site.currency}`,
                }))}
              />
            </Form.Item>
            {plan.isError ? (
              <Alert
                type="warning"
                showIcon
                title={t('templates.pricing.previewFailed', {
                  message: isApiError(plan.error) ? plan.error.message : String(plan.error),
                })}
              />
            ) : plan.data ? (
              <dl className="templates-steps" data-testid="price-breakdown">
                {plan.data.breakdown.map((step) => (
                  <div key={step.step} className="templates-steps__row">
                    <dt>
                      {t(`templates.pricing.steps.${step.step}`, {
                        currency: plan.data.currency,
                        rate: plan.data.rate,
                      })}
                    </dt>
                    <dd>{`${step.amount} ${step.currency}`}</dd>
                  </div>
                ))}
                <div className="templates-steps__row templates-steps__total">
                  <dt>{t('templates.pricing.price')}</dt>
                  <dd className="templates-pricing__price">{`${plan.data.price} ${plan.data.currency}`}</dd>
                </div>
              </dl>
            ) : (
              <Spin />
            )}
          </section>
        </div>
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
