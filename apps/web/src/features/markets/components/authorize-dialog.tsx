import { useState } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Steps,
  Tag,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MARKETPLACE_NAMES,
  MARKETPLACES,
  SHOPIFY_SHOP_PATTERN,
  STORE_ALIAS_MAX,
  TEMU_MODES,
  type AuthApp,
  type Marketplace,
  type TemuMode,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { authorizeWithToken, startAuthorization, useAuthApps } from '../api/stores.ts';
import { MarketplaceMark } from './marketplace-mark.tsx';

interface SiteValues {
  /** Temu only: local or cross-border seller. */
  temu_mode?: TemuMode;
  market_site_id?: number;
  alias?: string;
  shop?: string;
}

function MarketplaceCards({
  apps,
  onPick,
}: {
  apps: readonly AuthApp[];
  onPick: (app: AuthApp) => void;
}) {
  const { t } = useTranslation();
  const byCode = new Map(apps.map((app) => [app.marketplace, app]));
  return (
    <div className="markets-apps" role="group" aria-label={t('markets.authDialog.stepMarketplace')}>
      {MARKETPLACES.map((code: Marketplace) => {
        const app = byCode.get(code);
        return (
          <button
            key={code}
            type="button"
            className="markets-app"
            disabled={!app}
            onClick={() => app && onPick(app)}
          >
            <MarketplaceMark marketplace={code} />
            <span className="markets-app__name">{app?.name ?? MARKETPLACE_NAMES[code]}</span>
            {app?.sandbox && <Tag color="purple">{t('markets.sandbox')}</Tag>}
            {!app && <Tag>{t('markets.authDialog.unavailable')}</Tag>}
          </button>
        );
      })}
    </div>
  );
}

/** Temu's manual mode: the token Seller Center shows, for the site chosen above. */
function TokenForm({
  app,
  siteId,
  alias,
  mode,
  onDone,
}: {
  app: AuthApp;
  siteId: number | undefined;
  alias: string | undefined;
  mode: TemuMode | undefined;
  onDone: (storeId: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ access_token: string }>();
  const [pending, setPending] = useState(false);
  const submit = async ({ access_token }: { access_token: string }) => {
    setPending(true);
    try {
      const { store_id } = await authorizeWithToken({
        market_site_id: siteId!,
        alias: alias?.trim() || undefined,
        temu_mode: mode,
        access_token: access_token.trim(),
      });
      onDone(store_id);
    } catch (error) {
      reportError(error, form);
    } finally {
      setPending(false);
    }
  };
  return (
    <Form form={form} name="authorize-token" layout="vertical" onFinish={(v) => void submit(v)}>
      <p className="markets-dialog__hint">
        {t('markets.authDialog.tokenHint', { name: app.name })}
      </p>
      <Form.Item
        name="access_token"
        label={t('markets.authDialog.token')}
        rules={[
          { required: true, whitespace: true, message: t('markets.authDialog.tokenRequired') },
        ]}
      >
        <Input.TextArea rows={2} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Button htmlType="submit" loading={pending} disabled={siteId === undefined}>
        {t('markets.authDialog.tokenSubmit')}
      </Button>
    </Form>
  );
}

function SiteStep({
  app,
  onBack,
  onAuthorized,
}: {
  app: AuthApp;
  onBack: () => void;
  onAuthorized: (storeId: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SiteValues>();
  const siteId = Form.useWatch('market_site_id', form);
  const alias = Form.useWatch('alias', form);
  const mode = Form.useWatch('temu_mode', form);
  const temu = app.marketplace === 'temu';
  const [pending, setPending] = useState(false);
  const zh = currentLanguage() === 'zh-CN';
  const site = app.sites.find((s) => s.id === siteId);

  const submit = async (values: SiteValues) => {
    setPending(true);
    try {
      await startAuthorization({
        market_site_id: values.market_site_id!,
        alias: values.alias?.trim() || undefined,
        shop: app.needsShopDomain ? values.shop?.trim().toLowerCase() : undefined,
        temu_mode: temu ? values.temu_mode : undefined,
      });
    } catch (error) {
      reportError(error, form);
      setPending(false);
    }
  };

  return (
    <>
      <Form<SiteValues>
        form={form}
        name="authorize-store"
        layout="vertical"
        initialValues={{
          market_site_id: app.sites.length === 1 ? app.sites[0]!.id : undefined,
          ...(temu ? { temu_mode: 'local' } : {}),
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="market_site_id"
          label={t('markets.authDialog.site')}
          rules={[{ required: true, message: t('markets.authDialog.siteRequired') }]}
        >
          <Select
            aria-label={t('markets.authDialog.site')}
            showSearch={{ optionFilterProp: 'label' }}
            options={app.sites.map((s) => ({
              value: s.id,
              label: `${zh ? s.nameZh : s.name} (${s.code}, ${s.currency})`,
            }))}
          />
        </Form.Item>
        {app.marketplace === 'amazon' && site && (
          <Alert
            className="markets-dialog__note"
            type="info"
            showIcon
            title={t('markets.authDialog.amazonRegion', { region: site.region })}
          />
        )}
        {app.needsShopDomain && (
          <Form.Item
            name="shop"
            label={t('markets.authDialog.shop')}
            rules={[
              { required: true, whitespace: true, message: t('markets.authDialog.shopRequired') },
              {
                pattern: SHOPIFY_SHOP_PATTERN,
                transform: (value: string) => value?.trim(),
                message: t('markets.authDialog.shopInvalid'),
              },
            ]}
          >
            <Input placeholder={t('markets.authDialog.shopPlaceholder')} autoComplete="off" />
          </Form.Item>
        )}
        {temu && (
          <Form.Item
            name="temu_mode"
            label={t('markets.authDialog.temuMode')}
            extra={t(`markets.authDialog.temuModeHint.${mode ?? 'local'}`)}
          >
            <Radio.Group
              optionType="button"
              options={TEMU_MODES.map((m) => ({ value: m, label: t(`markets.temuMode.${m}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="alias" label={t('markets.authDialog.alias')}>
          <Input
            maxLength={STORE_ALIAS_MAX}
            placeholder={t('markets.authDialog.aliasPlaceholder')}
            autoComplete="off"
          />
        </Form.Item>
        <p className="markets-dialog__hint">
          {t('markets.authDialog.redirectNote', { name: app.name })}
        </p>
        <div className="markets-dialog__footer">
          <Button onClick={onBack}>{t('markets.authDialog.back')}</Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('markets.authDialog.continue', { name: app.name })}
          </Button>
        </div>
      </Form>
      {app.acceptsToken && (
        <Collapse
          ghost
          className="markets-dialog__token"
          items={[
            {
              key: 'token',
              label: t('markets.authDialog.tokenTitle'),
              children: (
                <TokenForm
                  app={app}
                  siteId={siteId}
                  alias={alias}
                  mode={temu ? mode : undefined}
                  onDone={onAuthorized}
                />
              ),
            },
          ]}
        />
      )}
    </>
  );
}

/** Authorize a new store: pick the marketplace, then its site, then leave for its consent page. */
export function AuthorizeDialog({
  open,
  onClose,
  onAuthorized,
}: {
  open: boolean;
  onClose: () => void;
  /** A store authorized without leaving the page (a pasted access token). */
  onAuthorized: (storeId: number) => void;
}) {
  const { t } = useTranslation();
  const apps = useAuthApps(open);
  const [app, setApp] = useState<AuthApp | null>(null);

  const close = () => {
    setApp(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('markets.authDialog.title')}
      footer={null}
      onCancel={close}
      destroyOnHidden
      width={620}
    >
      <Steps
        className="markets-dialog__steps"
        size="small"
        current={app ? 1 : 0}
        items={[
          { title: t('markets.authDialog.stepMarketplace') },
          { title: t('markets.authDialog.stepSite') },
        ]}
      />
      {apps.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('markets.authDialog.loadFailed')}
          action={<Button onClick={() => void apps.refetch()}>{t('common.retry')}</Button>}
        />
      ) : apps.isPending ? (
        <Skeleton active />
      ) : app ? (
        <SiteStep
          key={app.marketplace}
          app={app}
          onBack={() => setApp(null)}
          onAuthorized={(storeId) => {
            close();
            onAuthorized(storeId);
          }}
        />
      ) : (
        <MarketplaceCards apps={apps.data} onPick={setApp} />
      )}
    </Modal>
  );
}
