import { Button, Card, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FbaCreateInput } from '@app/shared';
import { useFbaStores } from '../api/fba.ts';

type WizardText = 'addressName' | 'addressLine1' | 'city' | 'postalCode' | 'countryCode' | 'phone';

/** Step 1: the Amazon store, a name, where the boxes leave from, and the SKUs with quantities. */
export function PlanForm({
  busy,
  initial,
  onSubmit,
}: {
  busy: boolean;
  /** A cancelled plan's store, name, address and SKUs, when rebuilding it. */
  initial?: Partial<FbaCreateInput>;
  onSubmit: (input: FbaCreateInput) => void;
}) {
  const { t } = useTranslation();
  const stores = useFbaStores();
  const address = (name: keyof FbaCreateInput['source_address'], label: WizardText, span = 8) => (
    <Col span={span}>
      <Form.Item
        name={['source_address', name]}
        label={t(`fba.wizard.${label}`)}
        rules={[{ required: true }]}
      >
        <Input />
      </Form.Item>
    </Col>
  );
  return (
    <Form<FbaCreateInput>
      layout="vertical"
      onFinish={onSubmit}
      disabled={busy}
      initialValues={
        initial ?? {
          items: [{ sku: '', quantity: 1 }],
          source_address: { country_code: 'CN' },
        }
      }
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="market_id" label={t('fba.wizard.store')} rules={[{ required: true }]}>
            <Select
              loading={stores.isLoading}
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
            />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="name" label={t('fba.wizard.name')} rules={[{ required: true }]}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
      </Row>
      <Card size="small" title={t('fba.wizard.address')} className="fba-box">
        <Row gutter={16}>
          {address('name', 'addressName')}
          {address('address_line1', 'addressLine1', 16)}
          {address('city', 'city')}
          <Col span={8}>
            <Form.Item
              name={['source_address', 'state_or_province_code']}
              label={t('fba.wizard.state')}
            >
              <Input />
            </Form.Item>
          </Col>
          {address('postal_code', 'postalCode')}
          {address('country_code', 'countryCode')}
          {address('phone_number', 'phone')}
        </Row>
      </Card>
      <Card size="small" title={t('fba.wizard.items')} className="fba-box">
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item
                    name={[field.name, 'sku']}
                    label={t('fba.wizard.sku')}
                    rules={[{ required: true }]}
                  >
                    <Input style={{ width: 220 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    label={t('fba.wizard.quantity')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={1} max={10000} precision={0} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <MinusCircleOutlined
                      aria-label={t('fba.wizard.remove')}
                      onClick={() => remove(field.name)}
                    />
                  )}
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ sku: '', quantity: 1 })}
              >
                {t('fba.wizard.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('fba.wizard.createPlan')}
      </Button>
    </Form>
  );
}
