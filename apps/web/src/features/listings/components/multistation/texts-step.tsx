import { Alert, Button, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AMAZON_TITLE_MAX,
  BULLET_POINT_COUNT,
  type ForbidHit,
  type MultistationShow1,
  type MultistationTexts,
} from '@app/shared';
import { MarkedText } from '../marked-text.tsx';
import type { Multistation, SiteTexts } from './use-multistation.ts';

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

/** Step 3: each site's texts, translated where its language differs, forbidden words marked. */
export function TextsStep({
  wizard,
  data,
  siteLabel,
}: {
  wizard: Multistation;
  data: MultistationShow1 | undefined;
  siteLabel: (marketId: number) => string;
}) {
  const { t } = useTranslation();
  const { texts, setTexts, setStep, recheck } = wizard;
  return (
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
}
