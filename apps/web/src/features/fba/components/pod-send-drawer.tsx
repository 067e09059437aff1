import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, type FbaPodProduct, type FbaPodQuoteInput } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { feedback } from '../../../shared/feedback.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { newIntentKey } from '../../../shared/payments/use-pay.ts';
import { useFbaStores } from '../api/fba.ts';
import { usePodProducts, usePodQuote, useSubmitPod } from '../api/pod.ts';

/**
 * "Send to FBA from production": the store, finished products and quantities per FNSKU, the
 * quote as checkout prices it, and payment from the balance with the pay password.
 */
export function PodSendDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pay_password: string }>();
  const stores = useFbaStores();
  const [marketId, setMarketId] = useState<number | null>(null);
  const store = marketId ?? stores.data?.[0]?.id ?? null;
  const [keyword, setKeyword] = useState('');
  const products = usePodProducts(store, keyword);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const input: FbaPodQuoteInput | null = useMemo(() => {
    const items = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([skuId, quantity]) => ({ sku_id: Number(skuId), quantity }));
    return store === null ? null : { market_id: store, items };
  }, [quantities, store]);
  const quote = usePodQuote(input);
  const submit = useSubmitPod();
  // One key per purchase as shown: a retried click replays it, a changed pick is a new one.
  const shown = JSON.stringify([input, quote.data?.total_minor]);
  const [intent, setIntent] = useState(() => ({ shown, key: newIntentKey() }));
  if (intent.shown !== shown) setIntent({ shown, key: newIntentKey() });
  const money = (minor: number) => formatMoney(minor, 'CNY', currentLanguage());
  const q = quote.data;

  const pay = async () => {
    if (!input || !q) return;
    const { pay_password } = await form.validateFields();
    try {
      const order = await submit.mutateAsync({
        input: { ...input, total_minor: q.total_minor, pay_password },
        idempotencyKey: intent.key,
      });
      feedback.success(t('fba.pod.done', { number: order.purchase_order_number }));
      onClose();
    } catch (error) {
      reportError(error, form);
    }
  };

  return (
    <Drawer
      open
      width={860}
      title={t('fba.pod.title')}
      onClose={onClose}
      className="fba-pod-drawer"
      extra={
        <Button
          type="primary"
          disabled={!q || q.total_minor > q.balance_minor}
          loading={submit.isPending}
          onClick={() => void pay()}
        >
          {t('fba.pod.submit')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('fba.pod.intro')}</Typography.Paragraph>
        <Space wrap>
          <span>{t('fba.pod.store')}</span>
          <Select
            aria-label={t('fba.pod.store')}
            style={{ minWidth: 220 }}
            value={store ?? undefined}
            loading={stores.isLoading}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.alias }))}
            onChange={(value: number) => {
              setMarketId(value);
              setQuantities({});
            }}
          />
          <Input.Search
            allowClear
            placeholder={t('fba.pod.keyword')}
            onSearch={(value) => setKeyword(value.trim())}
            style={{ width: 260 }}
          />
        </Space>
        <Table<FbaPodProduct>
          rowKey="sku_id"
          size="small"
          loading={products.isFetching}
          dataSource={products.data ?? []}
          pagination={{ pageSize: 8, hideOnSinglePage: true }}
          columns={[
            { title: t('fba.pod.sku'), dataIndex: 'sku_code', key: 'sku' },
            {
              title: t('fba.pod.product'),
              key: 'title',
              ellipsis: true,
              render: (_, p) => [p.title, p.color, p.size].filter(Boolean).join(' · '),
            },
            {
              title: t('fba.pod.fnsku'),
              key: 'fnsku',
              render: (_, p) =>
                p.fnsku ? (
                  <Typography.Text code>{p.fnsku}</Typography.Text>
                ) : (
                  <Typography.Text type="secondary">{t('fba.pod.fnskuPending')}</Typography.Text>
                ),
            },
            {
              title: t('fba.pod.quantity'),
              key: 'quantity',
              width: 120,
              render: (_, p) => (
                <InputNumber
                  aria-label={`${t('fba.pod.quantity')} ${p.sku_code}`}
                  min={0}
                  max={10_000}
                  precision={0}
                  value={quantities[p.sku_id] ?? 0}
                  onChange={(value) => setQuantities({ ...quantities, [p.sku_id]: value ?? 0 })}
                />
              ),
            },
          ]}
        />
        {!input?.items.length && <Alert type="info" showIcon title={t('fba.pod.pickSome')} />}
        {quote.error && <Alert type="error" showIcon title={(quote.error as Error).message} />}
        {q && (
          <Descriptions
            size="small"
            bordered
            column={2}
            title={t('fba.pod.quote')}
            className="fba-pod-quote"
          >
            <Descriptions.Item label={t('fba.pod.goods')}>{money(q.goods_minor)}</Descriptions.Item>
            <Descriptions.Item label={t('fba.pod.shipping')}>
              {money(q.shipping_minor)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fba.pod.discount')}>
              −{money(q.discount_minor)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fba.pod.total')}>
              <strong>{money(q.total_minor)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('fba.pod.balance')} span={2}>
              {money(q.balance_minor)}
              {q.total_minor > q.balance_minor && (
                <Typography.Text type="danger"> · {t('fba.pod.short')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
        )}
        <Form form={form} layout="vertical">
          <Form.Item
            name="pay_password"
            label={t('fba.pod.payPassword')}
            rules={[{ required: true, message: t('fba.pod.payPasswordRequired') }]}
          >
            <Input.Password autoComplete="off" style={{ maxWidth: 240 }} />
          </Form.Item>
        </Form>
      </Space>
    </Drawer>
  );
}
