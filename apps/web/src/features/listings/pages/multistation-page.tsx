import { Alert, Card, Empty, Modal, Steps } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ViewProps } from '../../../shared/view-props.ts';
import { usePricingTemplateOptions } from '../api/listings.ts';
import { useMultistationSource } from '../api/multistation.ts';
import { CreateStep } from '../components/multistation/create-step.tsx';
import { PricesStep } from '../components/multistation/prices-step.tsx';
import { SitesStep } from '../components/multistation/sites-step.tsx';
import { TextsStep } from '../components/multistation/texts-step.tsx';
import { useMultistation } from '../components/multistation/use-multistation.ts';
import { parseIds } from '../../../shared/url-query.ts';
import { LISTINGS_PATH } from '../paths.ts';
import '../listings.css';
import '../multistation.css';

/**
 * /goods/multistation?id=: copies one Amazon listing to other sites of its region in four
 * steps — target stores, prices in each site's currency, texts (translated where the language
 * differs, forbidden words marked), then one draft per site. Nothing is written before the
 * last step, so leaving half-way leaves nothing behind.
 */
export function MultistationPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseIds(params.get('id'))[0] ?? null;
  const source = useMultistationSource(id);
  const templates = usePricingTemplateOptions();
  const wizard = useMultistation(id);

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

  /** Copies made before are overwritten: say which, and ask first. */
  const confirmCreate = () => {
    const overwritten = wizard.chosen.flatMap((m) => (targetOf(m)?.copy ? [siteLabel(m)] : []));
    if (overwritten.length === 0) return wizard.create.mutate();
    Modal.confirm({
      title: t('multistation.overwriteTitle'),
      content: t('multistation.overwrite', { sites: overwritten.join(', ') }),
      okText: t('multistation.create'),
      cancelText: t('common.cancel'),
      onOk: () => wizard.create.mutateAsync().catch(() => undefined),
    });
  };

  const steps = [
    <SitesStep key="sites" wizard={wizard} data={data} loading={source.isLoading} />,
    wizard.prices && (
      <PricesStep
        key="prices"
        wizard={wizard}
        prices={wizard.prices}
        data={data}
        siteLabel={siteLabel}
        templates={templates}
      />
    ),
    <TextsStep key="texts" wizard={wizard} data={data} siteLabel={siteLabel} />,
    <CreateStep key="create" wizard={wizard} siteLabel={siteLabel} onCreate={confirmCreate} />,
  ];

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
            current={wizard.step}
            style={{ marginBottom: 24 }}
            items={[
              { title: t('multistation.steps.sites') },
              { title: t('multistation.steps.prices') },
              { title: t('multistation.steps.texts') },
              { title: t('multistation.steps.create') },
            ]}
          />
          {steps[wizard.step]}
        </>
      )}
    </Card>
  );
}
