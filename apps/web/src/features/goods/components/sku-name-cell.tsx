import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A SKU's colour or size in the editor. While it is the parent SKU's and has a zh-CN name, a
 * zh-CN reader sees that name, read-only: the stored English form is the key pictures and
 * designs match, so it is kept as it is. Otherwise it is a plain input.
 */
export function SkuNameCell({
  index,
  field,
  label,
}: {
  index: number;
  field: 'color' | 'size';
  label: string;
}) {
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const zhName = Form.useWatch<string | undefined>(['skus', index, `${field}Zh`], {
    form,
    preserve: true,
  });
  if (i18n.language !== 'en' && zhName) {
    return (
      <>
        <Form.Item name={[index, field]} hidden>
          <Input />
        </Form.Item>
        <span aria-label={label}>{zhName}</span>
      </>
    );
  }
  return (
    <Form.Item name={[index, field]}>
      <Input aria-label={label} maxLength={50} />
    </Form.Item>
  );
}
