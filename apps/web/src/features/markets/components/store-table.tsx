import type { ReactNode } from 'react';
import { Button, Space, Switch, Table, Tag, Tooltip } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTimestamp, MARKETPLACE_NAMES, type Store, type StorePage } from '@app/shared';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { AliasCell } from './alias-cell.tsx';
import { MarketplaceMark } from './marketplace-mark.tsx';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

const AUTH_COLORS: Record<Store['auth_status'], string> = {
  active: 'success',
  expired: 'warning',
  revoked: 'error',
};

export interface StoreTableCan {
  add: boolean;
  update: boolean;
  delete: boolean;
  status: boolean;
  staff: boolean;
}

export interface StoreTableProps {
  page: StorePage | undefined;
  loading: boolean;
  empty: ReactNode;
  can: StoreTableCan;
  selected: number[];
  onSelect: (ids: number[]) => void;
  /** The store just authorized, drawn highlighted until the next visit. */
  highlight: number | null;
  /** Stores whose switch is being flipped right now. */
  switching: ReadonlySet<number>;
  onPage: (page: number, size: number) => void;
  onSwitch: (store: Store, on: boolean) => void;
  onReauthorize: (store: Store) => void;
  onStaff: (store: Store) => void;
  onAutoBuy: (store: Store) => void;
  onEdit: (store: Store) => void;
  onCheck: (store: Store) => void;
  onDelete: (store: Store) => void;
}

function SiteCell({ store }: { store: Store }) {
  const { t } = useTranslation();
  const zh = currentLanguage() === 'zh-CN';
  return (
    <span className="markets-site">
      <MarketplaceMark marketplace={store.marketplace} />
      <span>
        <span className="markets-site__name">
          {MARKETPLACE_NAMES[store.marketplace]}
          {store.mode && (
            <Tag className="markets-site__mode" bordered={false}>
              {t(`markets.temuMode.${store.mode}`)}
            </Tag>
          )}
        </span>
        <span className="markets-site__detail">
          {t('markets.site', {
            name: zh ? store.site.nameZh : store.site.name,
            code: store.site.code,
            currency: store.site.currency,
          })}
        </span>
      </span>
    </span>
  );
}

/** The seller's stores, paged by the server; every change goes through the page's handlers. */
export function StoreTable(props: StoreTableProps) {
  const { t } = useTranslation();
  const { page, can } = props;
  const pagination = page?.pagination;

  return (
    <Table<Store>
      rowKey="id"
      loading={props.loading}
      dataSource={page?.list ?? []}
      scroll={{ x: 1066 }}
      locale={{ emptyText: props.empty }}
      rowClassName={(store) => (store.id === props.highlight ? 'markets-row--new' : '')}
      rowSelection={
        can.update || can.status
          ? {
              selectedRowKeys: props.selected,
              onChange: (keys) => props.onSelect(keys.map(Number)),
              getCheckboxProps: (store) => ({ 'aria-label': store.alias }),
            }
          : undefined
      }
      pagination={
        pagination && {
          current: pagination.page,
          pageSize: pagination.size,
          total: pagination.total,
          showSizeChanger: true,
          showTotal: (total) => t('markets.total', { total }),
          onChange: props.onPage,
        }
      }
      columns={[
        {
          key: 'alias',
          title: t('markets.columns.alias'),
          width: 170,
          render: (_, store) => (
            <Space size={4} wrap>
              <AliasCell store={store} editable={can.update} />
              {store.source === 'sandbox' && (
                <Tooltip title={t('markets.sandboxHint')}>
                  <Tag color="purple">{t('markets.sandbox')}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        {
          key: 'site',
          title: t('markets.columns.marketplace'),
          width: 190,
          render: (_, store) => <SiteCell store={store} />,
        },
        {
          key: 'account',
          title: t('markets.columns.account'),
          width: 170,
          render: (_, store) => <span className="markets-account">{store.account}</span>,
        },
        {
          key: 'auth',
          title: t('markets.columns.auth'),
          width: 130,
          render: (_, store) => (
            <Space size={4} wrap>
              <Tag color={AUTH_COLORS[store.auth_status]}>
                {t(`markets.authStatus.${store.auth_status}`)}
              </Tag>
              {store.auth_status !== 'active' && can.add && (
                <Button size="small" type="link" onClick={() => props.onReauthorize(store)}>
                  {t('markets.reauthorize')}
                </Button>
              )}
            </Space>
          ),
        },
        {
          key: 'status',
          title: t('markets.columns.status'),
          width: 64,
          render: (_, store) => (
            <Switch
              checked={store.status === 1}
              disabled={!can.status}
              loading={props.switching.has(store.id)}
              aria-label={`${t('markets.columns.status')}: ${store.alias}`}
              onChange={(on) => props.onSwitch(store, on)}
            />
          ),
        },
        {
          key: 'staff',
          title: t('markets.columns.staff'),
          width: 100,
          render: (_, store) =>
            can.staff ? (
              <Tooltip title={t('markets.assignStaff')}>
                <Button
                  size="small"
                  icon={<TeamOutlined />}
                  aria-label={`${t('markets.assignStaff')}: ${store.alias}`}
                  onClick={() => props.onStaff(store)}
                >
                  {t('markets.staffCount', { count: store.staff_ids.length })}
                </Button>
              </Tooltip>
            ) : (
              t('markets.staffCount', { count: store.staff_ids.length })
            ),
        },
        {
          key: 'created',
          title: t('markets.columns.created'),
          width: 110,
          render: (_, store) => formatTimestamp(store.created_at),
        },
        {
          key: 'actions',
          title: t('markets.columns.actions'),
          width: 130,
          fixed: 'right',
          render: (_, store) => (
            <Space size={0}>
              {can.update && (
                <IconAction
                  label={t('markets.actions.edit')}
                  icon={<EditOutlined />}
                  onClick={() => props.onEdit(store)}
                />
              )}
              <IconAction
                label={t(store.auto_buy ? 'markets.actions.autoBuyOn' : 'markets.actions.autoBuy')}
                icon={
                  <RobotOutlined className={store.auto_buy ? 'markets-auto-buy__on' : undefined} />
                }
                onClick={() => props.onAutoBuy(store)}
              />
              <IconAction
                label={t('markets.actions.check')}
                icon={<SafetyCertificateOutlined />}
                onClick={() => props.onCheck(store)}
              />
              {can.delete && (
                <IconAction
                  danger
                  label={t('markets.actions.delete')}
                  icon={<DeleteOutlined />}
                  onClick={() => props.onDelete(store)}
                />
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
