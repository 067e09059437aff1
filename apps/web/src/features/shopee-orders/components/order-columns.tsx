import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  CarOutlined,
  DisconnectOutlined,
  EditOutlined,
  LinkOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { type DeskStatus, formatMoney, formatTimestamp, type ShopeeOrder } from '@app/shared';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

const LOGISTICS_COLOR = { not_started: 'default', ready: 'blue', shipped: 'green' } as const;
const DOCUMENT_COLOR = { none: 'default', ready: 'green', failed: 'red' } as const;
const DESK_COLOR: Record<number, string> = {
  10: 'blue',
  20: 'orange',
  30: 'processing',
  40: 'purple',
  50: 'green',
  60: 'default',
};

/** What the row actions may do, as the signed-in user's permissions allow. */
export interface RowActions {
  canUpdate: boolean;
  canLogistics: boolean;
  /** The order whose label is being printed, if any. */
  printing: number | null;
  note: (order: ShopeeOrder) => void;
  ship: (order: ShopeeOrder) => void;
  print: (order: ShopeeOrder) => void;
  bind: (order: ShopeeOrder) => void;
  unbind: (order: ShopeeOrder) => void;
  addToCart: (order: ShopeeOrder) => void;
}

/** The order table's columns: order, money, desk and Shopee states, first mile and actions. */
export function orderColumns(
  t: TFunction,
  language: string,
  actions: RowActions,
): TableColumnsType<ShopeeOrder> {
  return [
    {
      key: 'order',
      title: t('shopeeOrders.columns.order'),
      width: 190,
      fixed: 'left',
      render: (_, o) => (
        <div>
          <Typography.Text copyable strong>
            {o.seller_order_id}
          </Typography.Text>
          <div className="shopee-muted">{o.market_alias}</div>
        </div>
      ),
    },
    {
      key: 'purchased',
      title: t('shopeeOrders.columns.purchased'),
      width: 160,
      render: (_, o) => formatTimestamp(o.purchase_date),
    },
    {
      key: 'total',
      title: t('shopeeOrders.columns.total'),
      width: 110,
      align: 'right',
      render: (_, o) => formatMoney(o.total_minor, o.currency, language),
    },
    {
      key: 'status',
      title: t('shopeeOrders.columns.status'),
      width: 150,
      render: (_, o) => (
        <Space direction="vertical" size={2}>
          <Tag color={DESK_COLOR[o.status]}>{t(`shopeeOrders.desk.${o.status as DeskStatus}`)}</Tag>
          <span className="shopee-muted" title={o.remote_status}>
            {t(`shopeeOrders.orderStatus.${o.order_status}`)}
          </span>
        </Space>
      ),
    },
    {
      key: 'package',
      title: t('shopeeOrders.columns.package'),
      width: 150,
      render: (_, o) => o.shopee.package_number ?? '—',
    },
    {
      key: 'logistics',
      title: t('shopeeOrders.columns.logistics'),
      width: 170,
      render: (_, o) => (
        <Space direction="vertical" size={2}>
          <Tag color={LOGISTICS_COLOR[o.shopee.logistics_status]}>
            {t(`shopeeOrders.logistics.${o.shopee.logistics_status}`)}
          </Tag>
          {o.shopee.tracking_number && (
            <Typography.Text copyable className="shopee-mono">
              {o.shopee.tracking_number}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'label',
      title: t('shopeeOrders.columns.label'),
      width: 110,
      render: (_, o) => (
        <Tag color={DOCUMENT_COLOR[o.shopee.document_status]}>
          {t(`shopeeOrders.document.${o.shopee.document_status}`)}
        </Tag>
      ),
    },
    {
      key: 'firstMile',
      title: t('shopeeOrders.columns.firstMile'),
      width: 160,
      render: (_, o) => (
        <Space direction="vertical" size={2}>
          {o.shopee.first_mile_tracking_number ? (
            <Typography.Text className="shopee-mono">
              {o.shopee.first_mile_tracking_number}
            </Typography.Text>
          ) : (
            <span className="shopee-muted">{t('shopeeOrders.notBound')}</span>
          )}
          {o.shopee.pack_id !== null && (
            <Tag color="purple">{t('shopeeOrders.inPack', { id: o.shopee.pack_id })}</Tag>
          )}
        </Space>
      ),
    },
    {
      key: 'note',
      title: t('shopeeOrders.columns.note'),
      width: 160,
      ellipsis: true,
      render: (_, o) => o.shopee.note || '—',
    },
    {
      key: 'actions',
      title: t('shopeeOrders.columns.actions'),
      width: 200,
      fixed: 'right',
      render: (_, o) => <RowButtons order={o} t={t} actions={actions} />,
    },
  ];
}

function RowButtons({
  order: o,
  t,
  actions: a,
}: {
  order: ShopeeOrder;
  t: TFunction;
  actions: RowActions;
}) {
  return (
    <Space size={0}>
      {a.canUpdate && (
        <IconAction
          label={t('shopeeOrders.actions.note')}
          icon={<EditOutlined />}
          onClick={() => a.note(o)}
        />
      )}
      {a.canLogistics && (
        <IconAction
          label={t('shopeeOrders.actions.ship')}
          icon={<CarOutlined />}
          disabled={
            o.shopee.logistics_status !== 'not_started' ||
            o.order_status !== 'unshipped' ||
            !o.actions.includes('save_logistics')
          }
          onClick={() => a.ship(o)}
        />
      )}
      {a.canLogistics && (
        <IconAction
          label={t('shopeeOrders.actions.label')}
          icon={<PrinterOutlined spin={a.printing === o.id} />}
          disabled={!o.shopee.tracking_number || a.printing !== null}
          onClick={() => a.print(o)}
        />
      )}
      {a.canLogistics &&
        (o.shopee.first_mile_tracking_number ? (
          <IconAction
            label={t('shopeeOrders.actions.unbind')}
            icon={<DisconnectOutlined />}
            onClick={() => a.unbind(o)}
          />
        ) : (
          <IconAction
            label={t('shopeeOrders.actions.bind')}
            icon={<LinkOutlined />}
            disabled={o.order_status !== 'unshipped'}
            onClick={() => a.bind(o)}
          />
        ))}
      {a.canUpdate && (
        <IconAction
          label={t('shopeeOrders.actions.cart')}
          icon={<ShoppingCartOutlined />}
          disabled={!o.actions.includes('add_cart')}
          onClick={() => a.addToCart(o)}
        />
      )}
    </Space>
  );
}
