import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Modal, Select, Space, Tabs } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { HelpLink } from '../../../shared/ui/help-link.tsx';
import { useTranslation } from 'react-i18next';
import {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  permOf,
  STORE_STATUS,
  type Marketplace,
  type MarketIndexQuery,
  type Store,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import {
  checkAuthorization,
  completeAuthorization,
  deleteStore,
  modifyStatus,
  reauthorize,
  storeKeys,
  useStoreMutation,
  useStores,
} from '../api/stores.ts';
import { AuthorizeDialog } from '../components/authorize-dialog.tsx';
import { AutoBuyDialog } from '../components/auto-buy-dialog.tsx';
import { BatchRenameDialog } from '../components/batch-rename-dialog.tsx';
import { EditInfoDialog } from '../components/edit-info-dialog.tsx';
import { ExemptBrandsPanel } from '../components/exempt-brands-panel.tsx';
import { StaffDialog } from '../components/staff-dialog.tsx';
import { StoreTable } from '../components/store-table.tsx';
import {
  readExemptQuery,
  readStoreQuery,
  readTab,
  writeExemptQuery,
  writeStoreQuery,
} from '../url-state.ts';
import '../markets.css';

const PAGE = '/market/index';
/** The exempt-brand store select lists every store; 200 is the most one page holds. */
const ALL_STORES_QUERY: MarketIndexQuery = { page: 1, size: 200 };
const ALL = 'all';

type Dialog =
  | { kind: 'authorize' }
  | { kind: 'edit'; store: Store }
  | { kind: 'staff'; store: Store }
  | { kind: 'autoBuy'; store: Store }
  | { kind: 'rename'; stores: Store[] };

/**
 * What the OAuth callback appended (`?authorized=<id>` or `?auth_error=<message>`): told once,
 * then removed from the URL so a reload does not tell it again. Temu's callback brings only
 * `?temu_code=`, which this signed-in session hands to the server to finish its authorization.
 */
function useAuthorizationResult(): number | null {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const authorized = params.get('authorized');
  const authError = params.get('auth_error');
  const temuCode = params.get('temu_code');
  const [highlight, setHighlight] = useState(() => Number(authorized) || null);
  // A store authorized without a page load (a pasted token, Temu's code) is highlighted too.
  const [seen, setSeen] = useState(authorized);
  if (authorized !== null && authorized !== seen) {
    setSeen(authorized);
    setHighlight(Number(authorized) || null);
  }
  // StrictMode runs effects twice; each result must show once and a code be spent once.
  const told = useRef<string | null>(null);

  useEffect(() => {
    if (temuCode === null || told.current === temuCode) return;
    told.current = temuCode;
    completeAuthorization(temuCode).then(
      ({ store_id }) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('temu_code');
            next.set('authorized', String(store_id));
            return next;
          },
          { replace: true },
        ),
      (error: unknown) => {
        reportError(error);
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('temu_code');
            return next;
          },
          { replace: true },
        );
      },
    );
  }, [temuCode, setParams]);

  useEffect(() => {
    if (authorized === null && authError === null) return;
    const result = `${authorized}|${authError}`;
    if (told.current !== result) {
      told.current = result;
      if (authorized !== null) {
        void client.invalidateQueries({ queryKey: storeKeys.lists() });
        feedback.success(t('markets.authorized'));
      } else {
        feedback.error(t('markets.authError', { message: authError }));
      }
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('authorized');
        next.delete('auth_error');
        return next;
      },
      { replace: true },
    );
  }, [authorized, authError, setParams, t, client]);

  return highlight;
}

function StoresTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readStoreQuery(params);
  const result = useStores(query);
  const highlight = useAuthorizationResult();
  const status = useStoreMutation(modifyStatus);
  const check = useStoreMutation(checkAuthorization);
  const remove = useStoreMutation(deleteStore);
  const can = {
    add: useCan(permOf(PAGE, 'add')),
    update: useCan(permOf(PAGE, 'update')),
    delete: useCan(permOf(PAGE, 'delete')),
    status: useCan(permOf(PAGE, 'status')),
    staff: useCan(permOf(PAGE, 'staff')),
  };
  const [selected, setSelected] = useState<number[]>([]);
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const stores = result.data?.list ?? [];
  // Only what is on screen counts as selected, so a batch never touches hidden stores.
  const chosen = stores.filter((store) => selected.includes(store.id));
  const filtered = query.marketplace !== undefined || query.status !== undefined || !!query.keyword;

  const update = (patch: Partial<MarketIndexQuery>) => {
    setSelected([]);
    setParams(writeStoreQuery({ ...query, page: 1, ...patch }));
  };

  /** Sets the status of each store; one failure does not stop the others. */
  const applyStatus = async (targets: Store[], on: boolean) => {
    const ids = targets.map((store) => store.id);
    setSwitching((prev) => new Set([...prev, ...ids]));
    const results = await Promise.allSettled(
      ids.map((id) => status.mutateAsync({ id, status: on ? STORE_STATUS.on : STORE_STATUS.off })),
    );
    setSwitching((prev) => new Set([...prev].filter((id) => !ids.includes(id))));
    const failed = results.filter((r) => r.status === 'rejected');
    if (targets.length === 1) {
      if (failed.length === 0)
        feedback.success(t(on ? 'markets.switchedOn' : 'markets.switchedOff'));
      else reportError(failed[0]!.reason);
      return;
    }
    const ok = results.length - failed.length;
    if (failed.length === 0) feedback.success(t('markets.batch.done', { ok }));
    else feedback.warning(t('markets.batch.partial', { ok, failed: failed.length }));
  };

  /** Switching off stops syncing and publishing, so it asks first; switching on does not. */
  const switchStores = (targets: Store[], on: boolean) => {
    if (on) {
      void applyStatus(targets, true);
      return;
    }
    Modal.confirm({
      title:
        targets.length === 1
          ? t('markets.switchOff.title', { name: targets[0]!.alias })
          : t('markets.batch.offTitle', { count: targets.length }),
      content: t('markets.switchOff.content'),
      okText: t('markets.switchOff.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => applyStatus(targets, false),
    });
  };

  const askDelete = (store: Store) =>
    Modal.confirm({
      title: t('markets.deleteConfirm.title', { name: store.alias }),
      content: t('markets.deleteConfirm.content'),
      okText: t('markets.deleteConfirm.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove
          .mutateAsync({ id: store.id })
          .then(() => {
            feedback.success(t('markets.deleted'));
            setSelected((prev) => prev.filter((id) => id !== store.id));
          })
          .catch((error: unknown) => reportError(error)),
    });

  const checkStore = (store: Store) =>
    check.mutate(
      { id: store.id },
      {
        onSuccess: (answer) =>
          answer.auth_status === 'active'
            ? feedback.success(t('markets.check.active', { message: answer.message }))
            : feedback.warning(t('markets.check.failed', { message: answer.message })),
        onError: (error) => reportError(error),
      },
    );

  const openAuthorize = () => setDialog({ kind: 'authorize' });

  const empty = filtered ? (
    <Empty description={t('markets.emptyFiltered')} />
  ) : (
    <Empty
      className="markets-empty"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong className="markets-empty__title">{t('markets.empty.title')}</strong>
          <span className="markets-empty__text">{t('markets.empty.description')}</span>
          <HelpLink article="authorize-amazon">{t('markets.empty.help')}</HelpLink>
        </>
      }
    >
      {can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={openAuthorize}>
          {t('markets.empty.action')}
        </Button>
      )}
    </Empty>
  );

  return (
    <>
      <div className="markets-toolbar">
        <Space wrap>
          <Select<Marketplace | typeof ALL>
            className="markets-filter"
            aria-label={t('markets.filters.marketplace')}
            value={query.marketplace ?? ALL}
            onChange={(value) => update({ marketplace: value === ALL ? undefined : value })}
            options={[
              { value: ALL, label: t('markets.filters.allMarketplaces') },
              ...MARKETPLACES.map((code) => ({ value: code, label: MARKETPLACE_NAMES[code] })),
            ]}
          />
          <Select<number | typeof ALL>
            className="markets-filter"
            aria-label={t('markets.filters.status')}
            value={query.status ?? ALL}
            onChange={(value) => update({ status: value === ALL ? undefined : value })}
            options={[
              { value: ALL, label: t('markets.filters.allStatuses') },
              { value: STORE_STATUS.on, label: t('markets.statusOn') },
              { value: STORE_STATUS.off, label: t('markets.statusOff') },
            ]}
          />
          <Input.Search
            key={query.keyword ?? ''}
            defaultValue={query.keyword}
            placeholder={t('markets.filters.keyword')}
            aria-label={t('markets.filters.keyword')}
            allowClear
            onSearch={(value) => update({ keyword: value.trim() || undefined })}
            className="markets-search"
          />
        </Space>
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            loading={result.isFetching && !result.isPending}
            onClick={() => void result.refetch()}
          >
            {t('markets.refresh')}
          </Button>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={openAuthorize}>
              {t('markets.authorize')}
            </Button>
          )}
        </Space>
      </div>
      {chosen.length > 0 && (
        <div
          className="markets-batch"
          role="toolbar"
          aria-label={t('markets.batch.selected', { count: chosen.length })}
        >
          <span>{t('markets.batch.selected', { count: chosen.length })}</span>
          {can.status && (
            <>
              <Button size="small" onClick={() => switchStores(chosen, true)}>
                {t('markets.batch.on')}
              </Button>
              <Button size="small" onClick={() => switchStores(chosen, false)}>
                {t('markets.batch.off')}
              </Button>
            </>
          )}
          {can.update && (
            <Button size="small" onClick={() => setDialog({ kind: 'rename', stores: chosen })}>
              {t('markets.batch.rename')}
            </Button>
          )}
          <Button size="small" type="link" onClick={() => setSelected([])}>
            {t('markets.batch.clear')}
          </Button>
        </div>
      )}
      {result.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('markets.loadFailed')}
          description={result.error.message}
          action={<Button onClick={() => void result.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <StoreTable
          page={result.data}
          loading={result.isFetching}
          empty={empty}
          can={can}
          selected={selected}
          onSelect={setSelected}
          highlight={highlight}
          switching={switching}
          onPage={(page, size) => {
            setSelected([]);
            setParams(writeStoreQuery({ ...query, page: size === query.size ? page : 1, size }));
          }}
          onSwitch={(store, on) => switchStores([store], on)}
          onReauthorize={(store) => void reauthorize(store).catch(reportError)}
          onStaff={(store) => setDialog({ kind: 'staff', store })}
          onAutoBuy={(store) => setDialog({ kind: 'autoBuy', store })}
          onEdit={(store) => setDialog({ kind: 'edit', store })}
          onCheck={checkStore}
          onDelete={askDelete}
        />
      )}
      <AuthorizeDialog
        open={dialog?.kind === 'authorize'}
        onClose={() => setDialog(null)}
        onAuthorized={(storeId) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('authorized', String(storeId));
              return next;
            },
            { replace: true },
          )
        }
      />
      {dialog?.kind === 'edit' && (
        <EditInfoDialog store={dialog.store} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'staff' && (
        <StaffDialog store={dialog.store} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'autoBuy' && (
        <AutoBuyDialog store={dialog.store} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'rename' && (
        <BatchRenameDialog
          stores={dialog.stores}
          onClose={(saved) => {
            if (saved) setSelected([]);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}

function ExemptTab() {
  const [params, setParams] = useSearchParams();
  const stores = useStores(ALL_STORES_QUERY);
  const canEdit = useCan(permOf(PAGE, 'exempt'));
  return (
    <ExemptBrandsPanel
      query={readExemptQuery(params)}
      onQuery={(query) => setParams(writeExemptQuery(query))}
      stores={stores.data?.list ?? []}
      canEdit={canEdit}
      adding={params.get('add')}
      onAdded={() => {
        const next = new URLSearchParams(params);
        next.delete('add');
        setParams(next, { replace: true });
      }}
    />
  );
}

/** /market/index: the seller's marketplace stores and, on a second tab, the exempt brands. */
export function MarketIndexPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const canExempt = useCan(permOf(PAGE, 'exempt'));

  const items = [
    { key: 'stores', label: t('markets.tabs.stores'), children: <StoresTab /> },
    ...(canExempt
      ? [{ key: 'exempt', label: t('markets.tabs.exempt'), children: <ExemptTab /> }]
      : []),
  ];

  return (
    <Card className="page-card markets-page" variant="borderless" title={title}>
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) =>
          setParams(
            key === 'exempt' ? new URLSearchParams({ tab: 'exempt' }) : new URLSearchParams(),
          )
        }
        items={items}
      />
    </Card>
  );
}
