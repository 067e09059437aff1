import { Button, Card, Form, InputNumber, Radio, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FbaBoxInput, FbaPlan } from '@app/shared';

type WizardText = 'boxCount' | 'length' | 'width' | 'height' | 'weight';

interface Values {
  packing_option_id: string;
  boxes: FbaBoxInput[];
}

/** One box type a SKU, holding all its units: a start the seller edits. */
const firstGuess = (plan: FbaPlan): FbaBoxInput[] =>
  plan.items.map((i) => ({
    length: 40,
    width: 30,
    height: 30,
    dimension_unit: 'CM',
    weight: 8,
    weight_unit: 'KG',
    count: 1,
    items: [{ sku: i.sku, quantity: i.quantity }],
  }));

/** Step 2: a packing option and the boxes: size, weight, how many, and what each holds. */
export function PackingForm({
  plan,
  busy,
  initial,
  submitText,
  onSubmit,
}: {
  plan: FbaPlan;
  busy: boolean;
  /** Boxes to start from: a rebuilt plan's, or the plan's own when editing. */
  initial?: FbaBoxInput[];
  submitText?: string;
  onSubmit: (values: Values) => void;
}) {
  const { t } = useTranslation();
  const skus = plan.items.map((i) => ({ value: i.sku, label: `${i.sku} (${i.quantity})` }));
  const number = (name: (string | number)[], label: WizardText, max = 300) => (
    <Form.Item name={name} label={t(`fba.wizard.${label}`)} rules={[{ required: true }]}>
      <InputNumber min={0.1} max={max} style={{ width: 90 }} />
    </Form.Item>
  );
  return (
    <Form<Values>
      layout="vertical"
      disabled={busy}
      onFinish={onSubmit}
      initialValues={{
        packing_option_id: plan.offers.packing[0]?.id,
        boxes: initial?.length ? initial : firstGuess(plan),
      }}
    >
      <Form.Item
        name="packing_option_id"
        label={t('fba.wizard.packingOption')}
        hidden={plan.step !== 'packing'}
      >
        <Radio.Group
          options={plan.offers.packing.map((o, n) => ({
            value: o.id,
            label: `#${n + 1} ${o.mode ? t(`fba.wizard.mode.${o.mode}`, { defaultValue: o.mode }) : ''}`,
          }))}
        />
      </Form.Item>
      <Form.List name="boxes">
        {(boxes, { add, remove }) => (
          <>
            {boxes.map((box, n) => (
              <Card
                key={box.key}
                size="small"
                className="fba-box"
                title={`${t('fba.wizard.boxes')} ${n + 1}`}
                extra={
                  boxes.length > 1 && (
                    <Button size="small" type="text" onClick={() => remove(box.name)}>
                      {t('fba.wizard.remove')}
                    </Button>
                  )
                }
              >
                <Space wrap align="end">
                  {number([box.name, 'count'], 'boxCount', 500)}
                  {number([box.name, 'length'], 'length')}
                  {number([box.name, 'width'], 'width')}
                  {number([box.name, 'height'], 'height')}
                  <Form.Item name={[box.name, 'dimension_unit']} label=" ">
                    <Select
                      style={{ width: 70 }}
                      options={['CM', 'IN'].map((u) => ({ value: u, label: u }))}
                    />
                  </Form.Item>
                  {number([box.name, 'weight'], 'weight', 1000)}
                  <Form.Item name={[box.name, 'weight_unit']} label=" ">
                    <Select
                      style={{ width: 70 }}
                      options={['KG', 'LB'].map((u) => ({ value: u, label: u }))}
                    />
                  </Form.Item>
                </Space>
                <Form.List name={[box.name, 'items']}>
                  {(items, contents) => (
                    <>
                      <div>{t('fba.wizard.contents')}</div>
                      {items.map((item) => (
                        <Space key={item.key} align="baseline">
                          <Form.Item name={[item.name, 'sku']} rules={[{ required: true }]}>
                            <Select style={{ width: 240 }} options={skus} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'quantity']} rules={[{ required: true }]}>
                            <InputNumber min={1} max={10000} precision={0} />
                          </Form.Item>
                          {items.length > 1 && (
                            <MinusCircleOutlined
                              aria-label={t('fba.wizard.remove')}
                              onClick={() => contents.remove(item.name)}
                            />
                          )}
                        </Space>
                      ))}
                      <Button
                        size="small"
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => contents.add({ sku: plan.items[0]?.sku, quantity: 1 })}
                      >
                        {t('fba.wizard.addContent')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Space>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(firstGuess(plan)[0])}
              >
                {t('fba.wizard.addBox')}
              </Button>
              <Button type="primary" htmlType="submit" loading={busy}>
                {submitText ?? t('fba.wizard.sendBoxes')}
              </Button>
            </Space>
          </>
        )}
      </Form.List>
    </Form>
  );
}
