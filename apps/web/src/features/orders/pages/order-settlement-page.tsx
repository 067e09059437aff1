import { useState } from 'react';
import { Alert, Button, Card, Result, Space, Table, Tag, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MARKETPLACE_NAMES, permOf, type Order, type OrderAddCartResult } from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { addOrdersToCart, useOrderMutation, useOrdersById } from '../api/orders.ts';
import { DeskStatusTag } from '../components/status-tags.tsx';
import { NoOrdersChosen } from '../components/no-orders-chosen.tsx';
import { orderPaths, readIds } from '../paths.ts';
import '../orders.css';

type ItemResult = OrderAddCartResult['items'][number];

interface Line {
  key: string;
  order: Order;
  itemId: number;
  sku: string;
  title: string;
  quantity: number;
  cancelled: boolean;
  first: boolean;
  span: number;
}

/** One row per order item, the order's cells spanning its items. */
function linesOf(orders: readonly Order[]): Line[] {
  return orders.flatMap((order) =>
    order.items.map((item, i) => ({
      key: `${order.id}-${item.id}`,
      order,
      itemId: item.id,
      sku: item.sku,
      title: item.title,
      quantity: item.quantity,
      cancelled: item.cancelled,
      first: i === 0,
      span: i === 0 ? order.items.length : 0,
    })),
  );
}

/** The finished SKU an item was matched to: thumbnail, product title, code, colour and size. */
function FinishedSku({ result }: { result: ItemResult }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <div className="orders-settlement-sku" data-testid="finished-sku">
      {result.image && !failed ? (
        <img src={result.image} alt="" loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <span className="orders-settlement-thumb" aria-hidden />
      )}
      <Space orientation="vertical" size={0}>
        <span>{result.product_title}</span>
        <span className="orders-muted">{result.sku_code}</span>
        {(result.color || result.size) && (
          <span className="orders-muted">
            {t('orders.settlement.colorSize', { color: result.color, size: result.size })}
          </span>
        )}
      </Space>
    </div>
  );
}

/**
 * /newOrder/settlement?ids=: puts the selected orders' items into the platform cart by SKU
 * code or relation (issue 8), shows per item the finished SKU it was matched to and whether it
 * went in (or why not, translated from the server's reason code), then leads to the cart, where
 * checking out moves the orders to purchased.
 */
export function OrderSettlementPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = readIds(params);
  const orders = useOrdersById(ids);
  const list = orders.data ?? [];
  const canAdd = useCan(permOf(orderPaths.desk, 'update'));
  const add = useOrderMutation(addOrdersToCart, { cart: true });
  const [result, setResult] = useState<OrderAddCartResult | null>(null);
  const byItem = new Map<string, ItemResult>(
    (result?.items ?? []).map((r) => [`${r.order_id}-${r.item_id}`, r]),
  );
  const purchasable = list.filter((o) => o.actions.includes('add_cart'));

  const submit = async () => {
    try {
      const answer = await add.mutateAsync({ ids: list.map((o) => o.id) });
      setResult(answer);
      if (answer.added > 0) {
        feedback.success(
          t('orders.settlement.added', { count: answer.added, cart: answer.cart_count }),
        );
      } else feedback.warning(t('orders.settlement.noneAdded'));
    } catch (error) {
      reportError(error);
    }
  };

  if (ids.length === 0) {
    return <NoOrdersChosen title={title} description={t('orders.settlement.noIds')} />;
  }

  const span = (line: Line) => ({ rowSpan: line.span });
  return (
    <Card
      className="page-card orders-page"
      variant="borderless"
      title={title}
      extra={
        <Button onClick={() => void navigate(orderPaths.desk)}>{t('orders.logistics.back')}</Button>
      }
    >
      {orders.isError ? (
        <Result status="404" subTitle={t('orders.drawer.notFound')} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('orders.settlement.intro')} className="orders-gap" />
          <Space wrap className="orders-gap">
            {canAdd && (
              <Tooltip title={purchasable.length === 0 ? t('orders.settlement.notAllowed') : ''}>
                <Button
                  type="primary"
                  icon={<ShoppingCartOutlined />}
                  loading={add.isPending}
                  disabled={
                    purchasable.length === 0 || orders.isLoading || (result?.added ?? 0) > 0
                  }
                  onClick={() => void submit()}
                >
                  {t('orders.settlement.addToCart')}
                </Button>
              </Tooltip>
            )}
            <Button
              disabled={!result || result.added === 0}
              onClick={() => void navigate(orderPaths.cart)}
            >
              {t('orders.settlement.goCart')}
            </Button>
            <Button
              disabled={!result || result.added === 0}
              onClick={() => void navigate(orderPaths.checkout)}
            >
              {t('orders.settlement.checkout')}
            </Button>
          </Space>
          <Table<Line>
            rowKey="key"
            bordered
            loading={orders.isLoading}
            dataSource={linesOf(list)}
            pagination={false}
            scroll={{ x: 1100 }}
            columns={[
              {
                key: 'order',
                title: t('orders.columns.order'),
                width: 200,
                onCell: span,
                render: (_, line) => (
                  <Space orientation="vertical" size={0}>
                    <strong>{line.order.seller_order_id}</strong>
                    <span className="orders-muted">
                      {line.order.market_alias} · {MARKETPLACE_NAMES[line.order.marketplace]}
                    </span>
                    <DeskStatusTag status={line.order.status} />
                  </Space>
                ),
              },
              { key: 'sku', title: t('orders.columns.sku'), dataIndex: 'sku', width: 160 },
              { key: 'title', title: t('orders.columns.title'), dataIndex: 'title' },
              {
                key: 'quantity',
                title: t('orders.columns.quantity'),
                dataIndex: 'quantity',
                align: 'right',
                width: 80,
              },
              {
                key: 'finished',
                title: t('orders.settlement.finishedSku'),
                width: 260,
                render: (_, line) => {
                  const r = byItem.get(line.key);
                  if (!r) return null;
                  if (r.sku_id === null) {
                    return <span className="orders-muted">{t('orders.settlement.noMatch')}</span>;
                  }
                  return <FinishedSku result={r} />;
                },
              },
              {
                key: 'result',
                title: t('orders.columns.result'),
                width: 220,
                render: (_, line) => {
                  if (line.cancelled) return <Tag>{t('orders.columns.cancelled')}</Tag>;
                  const r = byItem.get(line.key);
                  if (!r && !line.order.actions.includes('add_cart')) {
                    return <Tag>{t('orders.settlement.notAllowed')}</Tag>;
                  }
                  if (!r)
                    return <span className="orders-muted">{t('orders.settlement.pending')}</span>;
                  if (r.ok) {
                    return (
                      <Tag color="success" data-testid="cart-match">
                        {t('orders.settlement.matched')}
                      </Tag>
                    );
                  }
                  return (
                    <Tag
                      className="orders-reason-tag"
                      color={r.reason_code === 'in_cart' ? 'default' : 'error'}
                    >
                      {r.reason_code ? t(`orders.settlement.reasons.${r.reason_code}`) : r.reason}
                    </Tag>
                  );
                },
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
