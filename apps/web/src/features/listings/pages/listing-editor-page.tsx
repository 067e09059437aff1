import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Result, Spin, Steps, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AMAZON_TITLE_MAX, permOf, type Listing, type PlaceholderValues } from '@app/shared';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { AuditHistory } from '../../team/index.ts';
import { useCan } from '../../../shared/can.tsx';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { useCompliance, useListing, useListingInfo, useSourceProduct } from '../api/listings.ts';
import { useForbiddenHits } from '../api/use-forbidden-hits.ts';
import { BatchDialog } from '../components/batch-dialog.tsx';
import { CompliancePanel } from '../components/compliance-panel.tsx';
import { EditorActionbar } from '../components/editor/editor-actionbar.tsx';
import { EditorHead } from '../components/editor/editor-head.tsx';
import { useEditorSave } from '../components/editor/use-editor-save.ts';
import { IssueList } from '../components/status-tag.tsx';
import { StepBasics } from '../components/step-basics.tsx';
import { StepCategory } from '../components/step-category.tsx';
import { StepContent } from '../components/step-content.tsx';
import { StepVariations } from '../components/step-variations.tsx';
import {
  editorFieldOf,
  STEP_COUNT,
  stepOf,
  toFormValues,
  type EditorValues,
  type StepIndex,
} from '../editor-form.ts';
import { parseIds } from '../../../shared/url-query.ts';
import { LISTINGS_PATH } from '../paths.ts';
import '../listings.css';

const STEP_KEYS = ['basics', 'category', 'variations', 'content'] as const;

function readStep(raw: string | null): StepIndex {
  const n = Number(raw ?? 0);
  return (Number.isInteger(n) && n >= 0 && n < STEP_COUNT ? n : 0) as StepIndex;
}

/**
 * /goods/collectyunEdit?id= (or ?ids= for several in turn): the four-step Amazon listing
 * editor with its compliance check and publishing. Listing and step live in the URL.
 */
export function ListingEditorPage({ title }: ViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const many = parseIds(params.get('ids'));
  const one = parseIds(params.get('id'))[0];
  const ids = many.length > 0 ? many : one !== undefined ? [one] : [];
  const id = one !== undefined && ids.includes(one) ? one : (ids[0] ?? null);
  const step = readStep(params.get('step'));
  const listing = useListing(id);
  const [generation, setGeneration] = useState(0);
  const [reloading, setReloading] = useState(false);

  const go = (next: { id?: number; step?: StepIndex }) => {
    const out = new URLSearchParams(params);
    if (next.id !== undefined) out.set('id', String(next.id));
    if (next.step !== undefined) out.set('step', String(next.step));
    setParams(out);
  };

  if (id === null || listing.isError) {
    return (
      <Card className="page-card" variant="borderless" title={title}>
        <Result
          status="404"
          title={t('listings.editor.notFound')}
          extra={
            <Button type="primary" onClick={() => void navigate(LISTINGS_PATH)}>
              {t('listings.editor.back')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!listing.data) return <PageLoading />;
  const index = ids.indexOf(id);
  // While the editor is read again after publishing it takes no clicks: it is mounted afresh
  // then, and a dialog opened meanwhile (e.g. "Translate image text…") would vanish with it.
  return (
    <Spin spinning={reloading}>
      <ListingEditor
        key={`${listing.data.id}-${generation}`}
        title={title}
        listing={listing.data}
        step={step}
        position={{ index, total: ids.length }}
        onStep={(s) => go({ step: s })}
        onListing={(offset) => {
          const next = ids[index + offset];
          if (next !== undefined) go({ id: next, step: 0 });
        }}
        onReload={() => {
          setReloading(true);
          void listing.refetch().finally(() => {
            setGeneration((g) => g + 1);
            setReloading(false);
          });
        }}
      />
    </Spin>
  );
}

interface EditorProps {
  title: string;
  listing: Listing;
  step: StepIndex;
  position: { index: number; total: number };
  onStep: (step: StepIndex) => void;
  onListing: (offset: 1 | -1) => void;
  onReload: () => void;
}

function ListingEditor({
  title,
  listing,
  step,
  position,
  onStep,
  onListing,
  onReload,
}: EditorProps) {
  const { t } = useTranslation();
  const isBoss = useAuthStore((s) => s.userInfo?.is_boss ?? false);
  const [form] = Form.useForm<EditorValues>();
  const initial = useMemo(() => toFormValues(listing), [listing]);
  const marketId = (Form.useWatch('market_id', form) as number | undefined) ?? listing.market_id;
  const info = useListingInfo(marketId);
  const report = useCompliance(listing.id);
  const product = useSourceProduct(listing.goods_id);
  const canUpdate = useCan(permOf(LISTINGS_PATH, 'update'));
  const canPublish = useCan(permOf(LISTINGS_PATH, 'publish'));
  const saver = useEditorSave({
    form,
    listing,
    step,
    position,
    currency: info.data?.currency ?? listing.currency,
    recheck: () => report.refetch(),
    onStep,
    onListing,
  });

  const watched = {
    title: Form.useWatch('title', form) as string | undefined,
    bullet_points: Form.useWatch('bullet_points', form) as string[] | undefined,
    describe: Form.useWatch('describe', form) as string | undefined,
    custom_describe: Form.useWatch('custom_describe', form) as string | undefined,
    keywords: Form.useWatch('keywords', form) as string | undefined,
  };
  const forbidden = useForbiddenHits(
    watched.title === undefined
      ? null
      : {
          title: watched.title ?? '',
          bullet_points: watched.bullet_points ?? [],
          describe: watched.describe ?? '',
          custom_describe: watched.custom_describe ?? '',
          keywords: watched.keywords ?? '',
          market_id: marketId,
        },
  );

  const issuesFor = useCallback(
    (field: string) =>
      listing.issues
        .filter((issue) => issue.fields.some((f) => editorFieldOf(f) === field))
        .map((issue) => issue.message),
    [listing.issues],
  );

  const placeholders = (): PlaceholderValues => {
    const v = form.getFieldsValue(true) as EditorValues;
    const first = v.items?.[0];
    const variation = Object.fromEntries(
      Object.entries(first?.variation ?? {}).map(([k, val]) => [k.toLowerCase(), val]),
    );
    return {
      title: product.data?.title ?? listing.title,
      brand: v.brand,
      color: variation.color ?? variation.colour,
      size: variation.size,
      sku: v.parent_sku,
      category: v.market_category_id,
      material: typeof v.attributes?.material === 'string' ? v.attributes.material : undefined,
      price:
        first?.price === null || first?.price === undefined
          ? undefined
          : `${first.price} ${listing.currency}`,
    };
  };

  const errors = (report.data?.findings ?? []).filter((f) => f.severity === 'error');
  const blocked = report.data !== undefined && !report.data.ok && saver.dirtyCount === 0;
  const errorSteps = new Set(errors.map((f) => stepOf(editorFieldOf(f.field))));
  const busy = saver.saving !== null || listing.status === 'publishing';

  // The audit log is the boss's (staff get 403), so only the boss sees the History tab.
  const editor = (
    <>
      <Steps
        className="listings-editor__steps"
        current={step}
        onChange={(s) => onStep(s as StepIndex)}
        items={STEP_KEYS.map((key, i) => ({
          title: t(`listings.editor.steps.${key}`),
          status: errorSteps.has(i as StepIndex) && i !== step ? 'error' : undefined,
        }))}
      />
      <div className="listings-editor__body">
        <Form<EditorValues>
          form={form}
          layout="vertical"
          name="listing-editor"
          initialValues={initial}
          disabled={!canUpdate}
          onValuesChange={saver.markChanged}
        >
          <div hidden={step !== 0}>
            <StepBasics info={info.data} issuesFor={issuesFor} />
          </div>
          <div hidden={step !== 1}>
            <StepCategory marketId={marketId} issuesFor={issuesFor} />
          </div>
          <div hidden={step !== 2}>
            <StepVariations listing={listing} info={info.data} issuesFor={issuesFor} />
          </div>
          <div hidden={step !== 3}>
            <StepContent
              listing={listing}
              titleMax={info.data?.title_max ?? AMAZON_TITLE_MAX}
              hits={forbidden.hits}
              placeholders={placeholders}
              issuesFor={issuesFor}
            />
          </div>
        </Form>
        <aside className="listings-editor__aside">
          <CompliancePanel
            report={report.data}
            brand={listing.brand}
            loading={report.isFetching}
            onRecheck={() => void report.refetch()}
            onJump={onStep}
          />
        </aside>
      </div>
    </>
  );

  return (
    <Card className="page-card listings-editor" variant="borderless" title={title}>
      <EditorHead listing={listing} position={position} onListing={onListing} />
      {listing.issues.length > 0 && (
        <Alert
          className="listings-editor__issues"
          type={listing.status === 'failed' ? 'error' : 'warning'}
          showIcon
          title={t('listings.editor.issues')}
          description={<IssueList issues={listing.issues} guidance={false} />}
        />
      )}
      {isBoss ? (
        <Tabs
          items={[
            { key: 'edit', label: t('listings.editor.tabEdit'), children: editor },
            {
              key: 'history',
              label: t('team.history.title'),
              children: <AuditHistory object="listing" id={listing.id} />,
            },
          ]}
        />
      ) : (
        editor
      )}
      <EditorActionbar
        unsaved={saver.dirtyCount > 0}
        blockers={blocked ? errors : null}
        saving={saver.saving}
        busy={busy}
        canUpdate={canUpdate}
        canPublish={canPublish}
        onSave={(andNext) => void saver.onSave(andNext)}
        onPublish={() => void saver.onPublish()}
      />
      {saver.batch && (
        <BatchDialog
          batch={{ kind: 'publish', started: saver.batch, titles: { [listing.id]: listing.title } }}
          onClose={() => {
            saver.closeBatch();
            onReload();
          }}
        />
      )}
    </Card>
  );
}
