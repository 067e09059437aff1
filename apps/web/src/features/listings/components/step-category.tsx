import { useState } from 'react';
import { Alert, Empty, Form, Input, InputNumber, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingCategory, ListingCategoryAttribute } from '@app/shared';
import { useCategories, useCategoryDetail } from '../api/listings.ts';
import type { EditorValues } from '../editor-form.ts';
import { issueExtra, type IssuesFor } from './field-issues.tsx';

/** Form.Item hands its control `id`, `value` and `onChange`; they go on to the real input. */
type ControlProps = Record<string, unknown>;

function AttributeInput({
  attribute,
  ...control
}: { attribute: ListingCategoryAttribute } & ControlProps) {
  const { t } = useTranslation();
  switch (attribute.type) {
    case 'enum':
      return (
        // The reader picks a choice by its name; the form keeps the code the listing sends.
        <Select
          {...control}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(attribute.options ?? []).map((code, i) => ({
            value: code,
            label: attribute.option_names?.[i] ?? code,
          }))}
        />
      );
    case 'number':
      return <InputNumber {...control} style={{ width: '100%' }} />;
    case 'boolean':
      return (
        <Select
          {...control}
          allowClear
          options={[
            { value: true, label: t('listings.editor.category.yes') },
            { value: false, label: t('listings.editor.category.no') },
          ]}
        />
      );
    default:
      return <Input {...control} maxLength={1000} />;
  }
}

/**
 * Step 2: the product type, searched or browsed through the site's categories, then the
 * attribute form its definition asks for (required ones marked, enums as selects).
 */
export function StepCategory({
  marketId,
  issuesFor,
}: {
  marketId: number | null;
  issuesFor: IssuesFor;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<EditorValues>();
  const chosen = (Form.useWatch('market_category_id', form) as string | undefined) ?? '';
  const [keyword, setKeyword] = useState('');
  const [parent, setParent] = useState<string | undefined>(undefined);
  const categories = useCategories(
    marketId === null
      ? null
      : { market_id: marketId, ...(keyword ? { keyword } : parent ? { parent_id: parent } : {}) },
  );
  const detail = useCategoryDetail(marketId, chosen);
  // With variations, attributes such as colour and size are the items' own (step 3).
  const isVariation = Form.useWatch('is_variation', form) as boolean | undefined;
  const themeKeys = (Form.useWatch('show_variation_theme', form) as string[] | undefined) ?? [];
  const perItem = new Set(isVariation ? themeKeys.map((k) => k.toLowerCase()) : []);

  const pick = (category: ListingCategory) => {
    if (!category.leaf) {
      setParent(category.id);
      return;
    }
    form.setFieldValue('market_category_id', category.id);
  };

  return (
    <div className="listings-step" data-testid="step-category">
      <Form.Item
        name="market_category_id"
        label={t('listings.editor.category.chosen')}
        rules={[{ required: true, message: t('listings.editor.category.required') }]}
        extra={issueExtra(issuesFor, 'market_category_id')}
      >
        <Input readOnly placeholder={t('listings.editor.category.required')} />
      </Form.Item>
      <Input.Search
        allowClear
        aria-label={t('listings.editor.category.search')}
        placeholder={t('listings.editor.category.search')}
        onSearch={(value) => setKeyword(value.trim())}
        onChange={(e) => e.target.value === '' && setKeyword('')}
      />
      <div className="listings-category-list">
        {categories.isLoading ? (
          <Spin description={t('listings.editor.category.loading')} />
        ) : (categories.data?.list ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <div className="listings-category-tags">
            {parent && !keyword && (
              <Tag className="listings-category-tag" onClick={() => setParent(undefined)}>
                ← …
              </Tag>
            )}
            {categories.data!.list.map((category) => (
              <Tag.CheckableTag
                key={category.id}
                checked={category.id === chosen}
                onChange={() => pick(category)}
                className="listings-category-tag"
              >
                {category.name}
                <Typography.Text type="secondary"> {category.id}</Typography.Text>
                {!category.leaf && ' ›'}
              </Tag.CheckableTag>
            ))}
          </div>
        )}
      </div>
      <Typography.Title level={5}>{t('listings.editor.category.attributes')}</Typography.Title>
      {!chosen ? (
        <Alert type="info" showIcon title={t('listings.editor.category.chooseFirst')} />
      ) : detail.isLoading ? (
        <Spin />
      ) : (detail.data?.attributes ?? []).length === 0 ? (
        <Typography.Text type="secondary">
          {t('listings.editor.category.noAttributes')}
        </Typography.Text>
      ) : (
        <div className="listings-template-grid">
          {detail.data!.attributes.map((attribute) => (
            <Form.Item
              key={attribute.name}
              name={['attributes', attribute.name]}
              label={attribute.label}
              rules={
                attribute.required && !perItem.has(attribute.name.toLowerCase())
                  ? [{ required: true }]
                  : []
              }
              extra={issueExtra(
                issuesFor,
                `attributes.${attribute.name}`,
                perItem.has(attribute.name.toLowerCase())
                  ? t('listings.editor.category.perItem')
                  : undefined,
              )}
            >
              <AttributeInput attribute={attribute} />
            </Form.Item>
          ))}
        </div>
      )}
    </div>
  );
}
