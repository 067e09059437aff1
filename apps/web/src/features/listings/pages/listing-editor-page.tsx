import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Popover, Result, Space, Steps, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  CloudUploadOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AMAZON_TITLE_MAX,
  formatTimestamp,
  permOf,
  type Listing,
  type ListingBatchStarted,
  type PlaceholderValues,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import type { ViewProps } from '../../../shared/view-props.ts';
import { useCan } from '../../../shared/can.tsx';
import { feedback } from '../../../shared/feedback.ts';
import { PageLoading } from '../../../shared/ui/page-loading.tsx';
import { listingKeys } from '../api/keys.ts';
import {
  publishListing,
  saveStep,
  useCompliance,
  useListing,
  useListingInfo,
  useSourceProduct,
} from '../api/listings.ts';
import { useForbiddenHits } from '../api/use-forbidden-hits.ts';
import { BatchDialog } from '../components/batch-dialog.tsx';
import { CompliancePanel } from '../components/compliance-panel.tsx';
import { IssueList, StatusTag } from '../components/status-tag.tsx';
import { StepBasics } from '../components/step-basics.tsx';
import { StepCategory } from '../components/step-category.tsx';
import { StepContent } from '../components/step-content.tsx';
import { StepVariations } from '../components/step-variations.tsx';
import {
  editorFieldOf,
  STEP_COUNT,
  STEP_FIELDS,
  stepOf,
  toFormValues,
  toNamePath,
  toStepInput,
  type EditorValues,
  type StepIndex,
} from '../editor-form.ts';
import { parseIds } from '../../../shared/url-query.ts';
import { LISTINGS_PATH } from '../paths.ts';
import '../listings.css';

const STEP_KEYS = ['basics', 'category', 'variations', 'content'] as const;

/**
 * Server field errors onto the form. The image strip is one field, so an error of one image
 * (`images.2`) shows on it with the image's position.
 */
function fieldErrors(entries: [string, string][]) {
  const byName = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const [key, message] of entries) {
    const image = /^images\.(\d+)$/.exec(key);
    const name = image ? ['images'] : toNamePath(key);
    const text = image ? `${Number(image[1]) + 1}: ${message}` : message;
    const id = name.join('.');
    const entry = byName.get(id) ?? { name, errors: [] };
    entry.errors.push(text);
    byName.set(id, entry);
  }
  return [...byName.values()].map((e) => ({ name: e.name as never, errors: e.errors }));
}

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
  return (
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
        void listing.refetch().then(() => setGeneration((g) => g + 1));
      }}
    />
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
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<EditorValues>();
  const initial = useMemo(() => toFormValues(listing), [listing]);
  const marketId = (Form.useWatch('market_id', form) as number | undefined) ?? listing.market_id;
  const info = useListingInfo(marketId);
  const report = useCompliance(listing.id);
  const product = useSourceProduct(listing.goods_id);
  const canUpdate = useCan(permOf(LISTINGS_PATH, 'update'));
  const canPublish = useCan(permOf(LISTINGS_PATH, 'publish'));
  const dirty = useRef(new Set<StepIndex>());
  const [dirtyCount, setDirtyCount] = useState(0);
  const [saving, setSaving] = useState<'save' | 'next' | 'publish' | null>(null);
  const [batch, setBatch] = useState<ListingBatchStarted | null>(null);

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

  /** Saves one step; answers false (with the errors on the fields) when it did not. */
  const save = async (s: StepIndex): Promise<boolean> => {
    try {
      await form.validateFields(STEP_FIELDS[s], { recursive: true });
    } catch {
      onStep(s);
      return false;
    }
    const values = form.getFieldsValue(true) as EditorValues;
    try {
      const saved = await saveStep(
        toStepInput(s, listing.id, values, info.data?.currency ?? listing.currency),
      );
      client.setQueryData(listingKeys.detail(listing.id), saved);
      const fresh = toFormValues(saved);
      form.setFieldsValue(Object.fromEntries(STEP_FIELDS[s].map((k) => [k, fresh[k]])));
      dirty.current.delete(s);
      setDirtyCount(dirty.current.size);
      void client.invalidateQueries({ queryKey: listingKeys.check(listing.id) });
      void client.invalidateQueries({ queryKey: listingKeys.lists() });
      return true;
    } catch (error) {
      onStep(s);
      if (isApiError(error) && error.fields) {
        const entries = Object.entries(error.fields).filter(([k]) => k !== '_');
        if (entries.length > 0) {
          form.setFields(fieldErrors(entries));
          return false;
        }
      }
      reportError(error);
      return false;
    }
  };

  const onSave = async (andNext: boolean) => {
    setSaving(andNext ? 'next' : 'save');
    try {
      if (!(await save(step))) return;
      feedback.success(t('listings.editor.saved'));
      if (andNext) {
        if (step < STEP_COUNT - 1) onStep((step + 1) as StepIndex);
        else if (position.index < position.total - 1) onListing(1);
      }
    } finally {
      setSaving(null);
    }
  };

  const onPublish = async () => {
    setSaving('publish');
    try {
      for (const s of [...dirty.current].sort()) if (!(await save(s))) return;
      const fresh = await report.refetch();
      if (fresh.data && !fresh.data.ok) {
        feedback.warning(t('listings.editor.publishBlocked'));
        return;
      }
      setBatch(await publishListing(listing.id));
    } catch (error) {
      reportError(error);
    } finally {
      setSaving(null);
    }
  };

  const errors = (report.data?.findings ?? []).filter((f) => f.severity === 'error');
  const blocked = report.data !== undefined && !report.data.ok && dirtyCount === 0;
  const errorSteps = new Set(errors.map((f) => stepOf(editorFieldOf(f.field))));
  const busy = saving !== null || listing.status === 'publishing';

  return (
    <Card className="page-card listings-editor" variant="borderless" title={title}>
      <div className="listings-editor__head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(LISTINGS_PATH)}>
          {t('listings.editor.back')}
        </Button>
        <Typography.Text strong>{`${listing.site_code} · ${listing.store_alias}`}</Typography.Text>
        <StatusTag status={listing.status} changed={listing.changed} />
        {listing.remote_id && (
          <Typography.Text type="secondary">
            {t('listings.editor.asin', { asin: listing.remote_id })}
          </Typography.Text>
        )}
        {listing.published_at !== null && (
          <Typography.Text type="secondary">
            {t('listings.editor.publishedAt', { time: formatTimestamp(listing.published_at) })}
          </Typography.Text>
        )}
        {position.total > 1 && (
          <Space className="listings-editor__nav">
            <Button
              icon={<LeftOutlined />}
              disabled={position.index <= 0}
              aria-label="previous"
              onClick={() => onListing(-1)}
            />
            <Typography.Text>
              {t('listings.editor.listing', { index: position.index + 1, total: position.total })}
            </Typography.Text>
            <Button
              icon={<RightOutlined />}
              disabled={position.index >= position.total - 1}
              aria-label="next"
              onClick={() => onListing(1)}
            />
          </Space>
        )}
      </div>
      {listing.issues.length > 0 && (
        <Alert
          className="listings-editor__issues"
          type={listing.status === 'failed' ? 'error' : 'warning'}
          showIcon
          title={t('listings.editor.issues')}
          description={<IssueList issues={listing.issues} />}
        />
      )}
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
          onValuesChange={(changed: Partial<EditorValues>) => {
            for (const key of Object.keys(changed)) {
              const owner = stepOf(key);
              dirty.current.add(owner);
            }
            setDirtyCount(dirty.current.size);
          }}
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
            loading={report.isFetching}
            onRecheck={() => void report.refetch()}
            onJump={onStep}
          />
        </aside>
      </div>
      <div className="listings-actionbar" role="toolbar" aria-label={t('listings.editor.save')}>
        {dirtyCount > 0 && (
          <Typography.Text type="warning" className="listings-actionbar__reasons">
            {t('listings.editor.unsaved')}
          </Typography.Text>
        )}
        {blocked && (
          <Popover
            content={
              <ul className="listings-issues">
                {errors.map((f, i) => (
                  <li key={i}>{f.message}</li>
                ))}
              </ul>
            }
          >
            <Typography.Text
              type="danger"
              className="listings-actionbar__reasons"
              data-testid="publish-blocked"
            >
              {t('listings.editor.publishBlocked')} ({errors.length})
            </Typography.Text>
          </Popover>
        )}
        {canUpdate && (
          <Button loading={saving === 'save'} disabled={busy} onClick={() => void onSave(false)}>
            {t('listings.editor.save')}
          </Button>
        )}
        {canUpdate && (
          <Button loading={saving === 'next'} disabled={busy} onClick={() => void onSave(true)}>
            {t('listings.editor.saveNext')}
          </Button>
        )}
        {canPublish && (
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={saving === 'publish'}
            disabled={busy || blocked}
            onClick={() => void onPublish()}
          >
            {t('listings.editor.publish')}
          </Button>
        )}
      </div>
      {batch && (
        <BatchDialog
          batch={{ kind: 'publish', started: batch, titles: { [listing.id]: listing.title } }}
          onClose={() => {
            setBatch(null);
            onReload();
          }}
        />
      )}
    </Card>
  );
}
