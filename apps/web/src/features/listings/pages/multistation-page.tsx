import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  InputNumber,
  List,
  Modal,
  Select,
  Space,
  Steps,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  type ForbidHit,
  fromMinor,
  majorToMinor,
  minorDigits,
  minorToMajor,
  type MultistationCreateResult,
  type MultistationPrices,
  type MultistationShow3,
  type MultistationTarget,
  type MultistationTexts,
} from '@app/shared';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { feedback } from '../../../shared/feedback.ts';
import { invalidateListings, usePricingTemplateOptions } from '../api/listings.ts';
import {
  checkTargets,
  checkTexts,
  createCopies,
  planPrices,
  translatedTexts,
  useMultistationSource,
} from '../api/multistation.ts';
import { MarkedText } from '../components/marked-text.tsx';
import { parseIds } from '../../../shared/url-query.ts';
import { editorPath, LISTINGS_PATH } from '../paths.ts';
import '../listings.css';
import '../multistation.css';

type SiteTexts = MultistationShow3['sites'][number];
/** Edited prices: market id → source item id → minor units of the site currency. */
type PriceEdits = Record<number, Record<number, number>>;

const bullets = (texts: MultistationTexts) =>
  Array.from({ length: BULLET_POINT_COUNT }, (_, i) => texts.bullet_points[i] ?? '');

function TextsEditor({
  site,
  onChange,
}: {
  site: SiteTexts;
  onChange: (texts: MultistationTexts) => void;
}) {
  const { t } = useTranslation();
  const { texts, hits } = site;
  const set = (patch: Partial<MultistationTexts>) => onChange({ ...texts, ...patch });
  const marks = (text: string, field: string, list: readonly ForbidHit[] = hits) => (
    <MarkedText text={text} hits={list} field={field} />
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text strong>{t('multistation.fields.title')}</Typography.Text>
      <Input
        aria-label={t('multistation.fields.title')}
        value={texts.title}
        maxLength={AMAZON_TITLE_MAX * 2}
        showCount
        onChange={(e) => set({ title: e.target.value })}
      />
      {marks(texts.title, 'title')}
      <Typography.Text strong>{t('multistation.fields.bullets')}</Typography.Text>
      {bullets(texts).map((bullet, i) => (
        <div key={i}>
          <Input
            aria-label={t('multistation.fields.bullet', { n: i + 1 })}
            placeholder={t('multistation.fields.bullet', { n: i + 1 })}
            value={bullet}
            onChange={(e) => {
              const next = bullets(texts);
              next[i] = e.target.value;
              while (next.length && next.at(-1) === '') next.pop();
              set({ bullet_points: next });
            }}
          />
          {marks(bullet, `bullets.${i}`)}
        </div>
      ))}
      <Typography.Text strong>{t('multistation.fields.describe')}</Typography.Text>
      <Input.TextArea
        aria-label={t('multistation.fields.describe')}
        value={texts.describe}
        autoSize={{ minRows: 3, maxRows: 8 }}
        onChange={(e) => set({ describe: e.target.value })}
      />
      {marks(texts.describe, 'description')}
      <Typography.Text strong>{t('multistation.fields.keywords')}</Typography.Text>
      <Input
        aria-label={t('multistation.fields.keywords')}
        value={texts.keywords}
        onChange={(e) => set({ keywords: e.target.value })}
      />
      {marks(texts.keywords, 'keywords')}
    </Space>
  );
}

/**
 * /goods/multistation?id=: copies one Amazon listing to other sites of its region in four
 * steps — target stores, prices in each site's currency, texts (translated where the language
 * differs, forbidden words marked), then one draft per site. Nothing is written before the
 * last step, so leaving half-way leaves nothing behind.
 */
export function MultistationPage({ title }: ViewProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const zh = i18n.language.startsWith('zh');
  const [params] = useSearchParams();
  const id = parseIds(params.get('id'))[0] ?? null;
  const source = useMultistationSource(id);
  const templates = usePricingTemplateOptions();
  const [step, setStep] = useState(0);
  const [chosen, setChosen] = useState<number[]>([]);
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [prices, setPrices] = useState<MultistationPrices | null>(null);
  const [edits, setEdits] = useState<PriceEdits>({});
  const [texts, setTexts] = useState<SiteTexts[]>([]);
  const [results, setResults] = useState<MultistationCreateResult['results'] | null>(null);

  const toPrices = useMutation({
    mutationFn: async (template: number | undefined) => {
      await checkTargets({ id: id!, market_ids: chosen });
      return planPrices({ id: id!, market_ids: chosen, pricing_template_id: template });
    },
    onSuccess: (plan) => {
      setPrices(plan);
      setEdits(
        Object.fromEntries(
          plan.sites.map((s) => [
            s.market_id,
            Object.fromEntries(s.items.map((i) => [i.item_id, i.price_minor])),
          ]),
        ),
      );
      setStep(1);
    },
    onError: (error) => reportError(error),
  });
  const toTexts = useMutation({
    mutationFn: () => translatedTexts({ id: id!, market_ids: chosen }),
    onSuccess: (answer) => {
      setTexts(answer.sites);
      setStep(2);
    },
    onError: (error) => reportError(error),
  });
  const recheck = useMutation({
    mutationFn: () =>
      checkTexts({ id: id!, sites: texts.map((s) => ({ market_id: s.market_id, ...s.texts })) }),
    onSuccess: (answer) => {
      const hits = new Map(answer.sites.map((s) => [s.market_id, s.hits]));
      setTexts((list) => list.map((s) => ({ ...s, hits: hits.get(s.market_id) ?? [] })));
      const left = answer.sites.reduce((n, s) => n + s.hits.length, 0);
      if (left) feedback.warning(t('multistation.hitsLeft', { count: left }));
      else feedback.success(t('multistation.clean'));
    },
    onError: (error) => reportError(error),
  });
  const create = useMutation({
    mutationFn: () =>
      createCopies({
        id: id!,
        sites: texts.map((s) => ({
          market_id: s.market_id,
          ...s.texts,
          items: Object.entries(edits[s.market_id] ?? {}).map(([itemId, price]) => ({
            item_id: Number(itemId),
            price_minor: price,
          })),
        })),
      }),
    onSuccess: (answer) => {
      setResults(answer.results);
      setStep(3);
      feedback.success(t('multistation.created', { count: answer.results.length }));
    },
    onError: (error) => reportError(error),
    onSettled: () => invalidateListings(client),
  });

  if (id === null) {
    return (
      <Card title={title}>
        <Empty description={t('multistation.noSource')}>
          <Link to={LISTINGS_PATH}>{t('multistation.backToList')}</Link>
        </Empty>
      </Card>
    );
  }
  const data = source.data;
  const targets = data?.targets ?? [];
  const targetOf = (marketId: number) => targets.find((x) => x.market_id === marketId);
  const siteLabel = (marketId: number) => {
    const target = targetOf(marketId);
    return target ? `${target.site_code} · ${target.alias}` : `#${marketId}`;
  };

  const confirmCreate = () => {
    const overwritten = chosen.flatMap((m) => (targetOf(m)?.copy ? [siteLabel(m)] : []));
    if (overwritten.length === 0) return create.mutate();
    Modal.confirm({
      title: t('multistation.overwriteTitle'),
      content: t('multistation.overwrite', { sites: overwritten.join(', ') }),
      okText: t('multistation.create'),
      cancelText: t('common.cancel'),
      onOk: () => create.mutateAsync().catch(() => undefined),
    });
  };

  const sitesStep = (
    <>
      {targets.length === 0 && !source.isLoading ? (
        <Empty description={t('multistation.noTargets', { region: data?.source.region ?? '' })}>
          <Link to="/market/index">{t('multistation.addStore')}</Link>
        </Empty>
      ) : (
        <Table<MultistationTarget>
          rowKey="market_id"
          size="small"
          loading={source.isLoading}
          dataSource={targets}
          pagination={false}
          rowSelection={{
            selectedRowKeys: chosen,
            onChange: (keys) => setChosen(keys.map(Number)),
          }}
          columns={[
            {
              key: 'site',
              title: t('multistation.columns.site'),
              render: (_, row) => `${row.site_code} · ${zh ? row.site_name_zh : row.site_name}`,
            },
            { key: 'store', title: t('multistation.columns.store'), dataIndex: 'alias' },
            { key: 'currency', title: t('multistation.columns.currency'), dataIndex: 'currency' },
            { key: 'language', title: t('multistation.columns.language'), dataIndex: 'language' },
            {
              key: 'copy',
              title: t('multistation.columns.copy'),
              render: (_, row) =>
                row.copy && (
                  <Link to={editorPath([row.copy.listing_id])}>
                    <Tag color={row.copy.status === 'draft' ? 'blue' : 'green'}>
                      {t('multistation.copied', {
                        id: row.copy.listing_id,
                        status: t(`listings.status.${row.copy.status}`),
                      })}
                    </Tag>
                  </Link>
                ),
            },
          ]}
        />
      )}
      <div className="multistation-actions">
        <Button
          type="primary"
          disabled={chosen.length === 0}
          loading={toPrices.isPending}
          onClick={() => toPrices.mutate(templateId)}
        >
          {t('multistation.next')}
        </Button>
      </div>
    </>
  );

  const pricesStep = prices && (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('multistation.pricingTemplate')}</Typography.Text>
        <Select
          style={{ width: 320 }}
          allowClear
          placeholder={t('multistation.noTemplate')}
          value={templateId}
          loading={templates.isLoading}
          options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          onChange={(value?: number) => setTemplateId(value)}
        />
        <Button loading={toPrices.isPending} onClick={() => toPrices.mutate(templateId)}>
          {t('multistation.recalculate')}
        </Button>
      </Space>
      {prices.sites.map((site) => (
        <Card
          key={site.market_id}
          size="small"
          title={`${siteLabel(site.market_id)} · ${site.currency}`}
          extra={
            <Typography.Text type="secondary">
              {t('multistation.rate', {
                target: site.currency,
                rate: site.rate,
                source: data?.source.currency,
              })}
            </Typography.Text>
          }
          style={{ marginBottom: 12 }}
        >
          <Table
            rowKey="item_id"
            size="small"
            pagination={false}
            dataSource={site.items}
            columns={[
              { key: 'sku', title: t('multistation.columns.sku'), dataIndex: 'sku' },
              {
                key: 'variation',
                title: t('multistation.columns.variation'),
                render: (_, item) =>
                  Object.values(
                    data?.source.items.find((i) => i.id === item.item_id)?.variation ?? {},
                  ).join(' / '),
              },
              {
                key: 'source',
                title: t('multistation.columns.sourcePrice'),
                align: 'right',
                render: (_, item) =>
                  `${fromMinor(item.source_price_minor, data?.source.currency ?? 'USD')} ${data?.source.currency ?? ''}`,
              },
              {
                key: 'price',
                title: t('multistation.columns.price'),
                render: (_, item) => (
                  <Space>
                    <InputNumber
                      aria-label={`${t('multistation.columns.price')} ${site.currency} ${item.sku}`}
                      min={0}
                      step={10 ** -minorDigits(site.currency)}
                      precision={minorDigits(site.currency)}
                      addonAfter={site.currency}
                      value={minorToMajor(
                        edits[site.market_id]?.[item.item_id] ?? item.price_minor,
                        site.currency,
                      )}
                      onChange={(value) => {
                        const minor = majorToMinor(value, site.currency);
                        if (minor === null) return;
                        setEdits((all) => ({
                          ...all,
                          [site.market_id]: { ...all[site.market_id], [item.item_id]: minor },
                        }));
                      }}
                    />
                    <Tag>{t(`multistation.basis.${item.basis}`)}</Tag>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ))}
      <div className="multistation-actions">
        <Button onClick={() => setStep(0)}>{t('multistation.prev')}</Button>
        <Button type="primary" loading={toTexts.isPending} onClick={() => toTexts.mutate()}>
          {t('multistation.next')}
        </Button>
      </div>
    </>
  );

  const textsStep = (
    <>
      <Tabs
        items={texts.map((site) => ({
          key: String(site.market_id),
          label: (
            <Space size={4}>
              {siteLabel(site.market_id)}
              {site.hits.length > 0 && <Tag color="red">{site.hits.length}</Tag>}
            </Space>
          ),
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Alert
                type="info"
                showIcon
                title={
                  site.translated
                    ? t('multistation.translated', {
                        from: data?.source.language,
                        to: site.language,
                      })
                    : t('multistation.sameLanguage')
                }
              />
              <TextsEditor
                site={site}
                onChange={(next) =>
                  setTexts((list) =>
                    list.map((s) => (s.market_id === site.market_id ? { ...s, texts: next } : s)),
                  )
                }
              />
            </Space>
          ),
        }))}
      />
      <div className="multistation-actions">
        <Button onClick={() => setStep(1)}>{t('multistation.prev')}</Button>
        <Button loading={recheck.isPending} onClick={() => recheck.mutate()}>
          {t('multistation.checkWords')}
        </Button>
        <Button type="primary" onClick={() => setStep(3)}>
          {t('multistation.next')}
        </Button>
      </div>
    </>
  );

  const createStep = results ? (
    <>
      <Alert type="success" showIcon title={t('multistation.done')} style={{ marginBottom: 12 }} />
      <List
        bordered
        dataSource={results}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Link key="edit" to={editorPath([r.listing_id])}>
                {t('multistation.openEditor')}
              </Link>,
            ]}
          >
            <Space>
              <Tag color={r.created ? 'green' : 'blue'}>
                {r.created ? t('multistation.resultCreated') : t('multistation.resultUpdated')}
              </Tag>
              {`${siteLabel(r.market_id)} · #${r.listing_id}`}
            </Space>
          </List.Item>
        )}
      />
      <div className="multistation-actions">
        <Link to={LISTINGS_PATH}>{t('multistation.backToList')}</Link>
      </div>
    </>
  ) : (
    <>
      <Typography.Paragraph>
        {t('multistation.summary', { count: texts.length })}
      </Typography.Paragraph>
      <List
        bordered
        dataSource={texts}
        renderItem={(s) => (
          <List.Item>
            <Space>
              <Typography.Text strong>{siteLabel(s.market_id)}</Typography.Text>
              <Typography.Text>{s.texts.title}</Typography.Text>
              {s.hits.length > 0 && <Tag color="red">{s.hits.length}</Tag>}
            </Space>
          </List.Item>
        )}
      />
      <div className="multistation-actions">
        <Button onClick={() => setStep(2)}>{t('multistation.prev')}</Button>
        <Button type="primary" loading={create.isPending} onClick={confirmCreate}>
          {t('multistation.create')}
        </Button>
      </div>
    </>
  );

  return (
    <Card title={title}>
      {source.isError ? (
        <Empty description={t('multistation.noSource')}>
          <Link to={LISTINGS_PATH}>{t('multistation.backToList')}</Link>
        </Empty>
      ) : (
        <>
          {data && (
            <Alert
              type="info"
              style={{ marginBottom: 16 }}
              title={`${t('multistation.source')}: ${data.source.title || `#${data.source.id}`}`}
              description={t('multistation.sourceLine', {
                site: data.source.site_code,
                store: data.source.alias,
                currency: data.source.currency,
                language: data.source.language,
              })}
            />
          )}
          <Steps
            current={step}
            style={{ marginBottom: 24 }}
            items={[
              { title: t('multistation.steps.sites') },
              { title: t('multistation.steps.prices') },
              { title: t('multistation.steps.texts') },
              { title: t('multistation.steps.create') },
            ]}
          />
          {[sitesStep, pricesStep, textsStep, createStep][step]}
        </>
      )}
    </Card>
  );
}
