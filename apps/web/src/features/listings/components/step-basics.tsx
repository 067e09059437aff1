import { Button, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HANDLING_TIME_MAX, LISTING_CONDITIONS, type ListingInfo } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { getListingDefaults } from '../api/listings.ts';
import type { EditorValues } from '../editor-form.ts';
import { issueExtra, type IssuesFor } from './field-issues.tsx';
import { StoreSelect } from './store-select.tsx';

/** Step 1: store and site, brand, manufacturer, condition, launch date, handling time. */
export function StepBasics({
  info,
  issuesFor,
}: {
  info: ListingInfo | undefined;
  issuesFor: IssuesFor;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<EditorValues>();
  const conditions = info?.conditions ?? LISTING_CONDITIONS;

  const applyDefaults = async () => {
    try {
      const defaults = await getListingDefaults(form.getFieldValue('market_id') as number);
      form.setFieldsValue({
        ...(defaults.brand ? { brand: defaults.brand } : {}),
        ...(defaults.manufacturer ? { manufacturer: defaults.manufacturer } : {}),
        handling_time: defaults.handling_time,
        condition: defaults.condition,
        ...(defaults.market_category_id && !form.getFieldValue('market_category_id')
          ? { market_category_id: defaults.market_category_id }
          : {}),
      });
      feedback.success(t('listings.editor.basics.defaultsApplied'));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <div className="listings-step" data-testid="step-basics">
      <div className="listings-step__tools">
        <Button icon={<ThunderboltOutlined />} onClick={() => void applyDefaults()}>
          {t('listings.editor.basics.useDefaults')}
        </Button>
      </div>
      <div className="listings-template-grid">
        <Form.Item
          name="market_id"
          label={t('listings.editor.basics.store')}
          rules={[{ required: true }]}
        >
          <StoreSelect />
        </Form.Item>
        <Form.Item
          name="brand"
          label={t('listings.editor.basics.brand')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('listings.editor.basics.brandRequired'),
            },
          ]}
          extra={issueExtra(issuesFor, 'brand')}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="manufacturer"
          label={t('listings.editor.basics.manufacturer')}
          extra={issueExtra(issuesFor, 'manufacturer')}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="mfrPart_number"
          label={t('listings.editor.basics.mfrPartNumber')}
          extra={issueExtra(issuesFor, 'mfrPart_number')}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="condition"
          label={t('listings.editor.basics.condition')}
          extra={issueExtra(issuesFor, 'condition')}
        >
          <Select
            options={conditions.map((c) => ({ value: c, label: t(`listings.conditions.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="launch_date"
          label={t('listings.editor.basics.launchDate')}
          extra={issueExtra(issuesFor, 'launch_date')}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="handling_time"
          label={t('listings.editor.basics.handlingTime')}
          extra={issueExtra(
            issuesFor,
            'handling_time',
            t('listings.editor.basics.handlingTimeHint'),
          )}
        >
          <InputNumber min={1} max={HANDLING_TIME_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item
        name="condition_note"
        label={t('listings.editor.basics.conditionNote')}
        extra={issueExtra(issuesFor, 'condition_note')}
      >
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
    </div>
  );
}
