import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { majorToMinor, minorToMajor } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { catalogueKeys, sysFinance } from '../api/catalogue.ts';
import { useOperatorCan } from '../components/operator-can.tsx';

interface Values {
  min_recharge: number;
  bonus_tiers: Array<{ min: number; bonus: number }>;
}

const yuan = (minor: number) => minorToMajor(minor, 'CNY');
const fen = (major: number) => majorToMinor(major, 'CNY') ?? 0;

/** /admin/sys/finance: the recharge minimum and bonus tiers the seller's recharge page applies. */
export function SysFinancePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const may = useOperatorCan('/sys/finance');
  const rule = useQuery({ queryKey: catalogueKeys.rule, queryFn: sysFinance.rule });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!rule.data) return;
    form.setFieldsValue({
      min_recharge: yuan(rule.data.min_recharge_minor),
      bonus_tiers: rule.data.bonus_tiers.map((tier) => ({
        min: yuan(tier.min_minor),
        bonus: yuan(tier.bonus_minor),
      })),
    });
  }, [rule.data, form]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const saved = await sysFinance.updateRule({
        min_recharge_minor: fen(values.min_recharge),
        bonus_tiers: (values.bonus_tiers ?? []).map((tier) => ({
          min_minor: fen(tier.min),
          bonus_minor: fen(tier.bonus),
        })),
      });
      client.setQueryData(catalogueKeys.rule, saved);
      feedback.success(t('admin.catalogue.saved'));
    } catch (error) {
      reportError(error, form);
    } finally {
      setSaving(false);
    }
  };

  const editable = may('update');
  return (
    <Card title={t('admin.finance.title')}>
      <Alert type="info" showIcon message={t('admin.finance.hint')} className="admin-form-card" />
      <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 560 }}>
        <Form.Item
          name="min_recharge"
          label={t('admin.finance.minRecharge')}
          rules={[{ required: true }]}
        >
          <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label={t('admin.finance.tiers')}>
          <Form.List name="bonus_tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="end">
                    <Form.Item
                      name={[field.name, 'min']}
                      label={t('admin.finance.tierMin')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={0.01} precision={2} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'bonus']}
                      label={t('admin.finance.tierBonus')}
                      rules={[{ required: true }]}
                    >
                      <InputNumber min={0} precision={2} style={{ width: 160 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('admin.goods.form.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ min: 0, bonus: 0 })}>
                  {t('admin.finance.addTier')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        {editable && (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('admin.catalogue.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
