import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Radio, Result, Space, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import {
  areaSizeMm,
  centredIn,
  DESIGN_LAYERS_MAX,
  fitInArea,
  type DesignLayer,
  type DesignSaveResult,
  type ParentProductDetail,
  type SavedDesign,
  type TextLayer,
} from '@app/shared';
import { isApiError } from '../../../api/api-error.ts';
import { reportError } from '../../../api/form-errors.ts';
import { loginPath } from '../../../shared/paths.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { localTitle, printAreaName } from '../../goods-library/index.ts';
import { saveDesign } from '../api/design.ts';
import { uploadLocalArtwork, type Artwork } from '../artwork.ts';
import { blankFor, coloursOf, sidesOf, sizesOf } from '../blank.ts';
import { keepDraft, takeDraft, type SaveChoices } from '../draft.ts';
import { currentDocument, newLayerId, useDesignStore, type LayerPatch } from '../document-store.ts';
import { DESIGN_FONTS, restyleText, textBox } from '../text-box.ts';
import { layerWarnings, type LayerWarnings } from '../warnings.ts';
import { designPath, useDesignBase } from '../paths.ts';
import { AddPanel } from './add-panel.tsx';
import { DesignCanvas } from './design-canvas.tsx';
import { DesignToolbar } from './design-toolbar.tsx';
import { JobDialog } from './job-dialog.tsx';
import { LayersPanel } from './layers-panel.tsx';
import { PropertiesPanel } from './properties-panel.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { swatchColour } from './swatch.ts';
import { useShortcuts } from './use-shortcuts.ts';
import { WarningsPanel } from './warnings-panel.tsx';

const ZOOM_STEP = 1.25;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 4;
/** New artwork fills this share of the print area; new text is this share of its height. */
const NEW_ARTWORK_FRACTION = 0.6;
const NEW_TEXT_FRACTION = 0.08;
const NEW_TEXT_FILL = '#d4380d';
const SAVE_FIELDS = new Set(['title', 'colors', 'sizes']);

interface DesignEditorProps {
  product: ParentProductDetail;
  /** The saved design to reopen, when the URL names one. */
  saved: SavedDesign | null;
}

/** The design tool for one parent product (lazy: it brings Konva with it). */
export function DesignEditor({ product, saved }: DesignEditorProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const signedIn = useAuthStore((s) => s.token !== null && s.token !== '');
  const sides = useMemo(() => sidesOf(product), [product]);
  const colours = useMemo(() => coloursOf(product), [product]);
  const sizes = useMemo(() => sizesOf(product), [product]);
  const title = localTitle(product, i18n.language);
  const base = useDesignBase();

  const layers = useDesignStore((s) => s.layers);
  const side = useDesignStore((s) => s.side);
  const colour = useDesignStore((s) => s.colour);
  const design = useDesignStore((s) => s.design);
  const selectedId = useDesignStore((s) => s.selectedId);
  const canUndo = useDesignStore((s) => s.past.length > 0);
  const canRedo = useDesignStore((s) => s.future.length > 0);
  const actions = useDesignStore.getState();

  const ready = useDesignStore((s) => s.product) === product.id;
  const [zoom, setZoom] = useState(1);
  const [saveOpen, setSaveOpen] = useState(false);
  const [job, setJob] = useState<DesignSaveResult | null>(null);

  const saveMutation = useMutation({
    mutationFn: async (wanted: SaveChoices) => {
      const uploaded = await uploadLocalArtwork(useDesignStore.getState().layers);
      if (uploaded.size > 0) actions.replaceUrls(uploaded);
      const current = useDesignStore.getState();
      return saveDesign({
        finished_product_id: current.design ?? undefined,
        parent_product_id: product.id,
        title: wanted.title.trim(),
        colors: wanted.colors,
        sizes: wanted.sizes,
        layers: current.layers,
      });
    },
    onSuccess: (result) => {
      actions.setDesign(result.finished_product_id);
      setParams(
        { product: String(product.id), design: String(result.finished_product_id) },
        { replace: true },
      );
      setSaveOpen(false);
      setJob(result);
      feedback.success(t('design.save.saved'));
    },
    onError: (error) => {
      setSaveOpen(true);
      const onFields =
        isApiError(error) &&
        Object.keys(error.fields ?? {}).some((name) => SAVE_FIELDS.has(name.split('.')[0]!));
      if (!onFields) reportError(error);
    },
  });

  // Once per product: a draft kept over the login wins (finishing the save it was left for),
  // then the saved design, then what the store already holds for this product, then a blank.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const draft = takeDraft(product.id);
    const current = useDesignStore.getState();
    if (draft) {
      actions.load(draft.document);
      if (draft.save && signedIn) saveMutation.mutate(draft.save);
    } else if (saved && current.design !== saved.finished_product_id) {
      actions.load({
        product: product.id,
        design: saved.finished_product_id,
        layers: saved.layers,
        side: sides[0] ?? '',
        colour: saved.colors[0] ?? colours[0] ?? '',
      });
    } else if (current.product !== product.id || (!saved && current.design !== null)) {
      actions.load({
        product: product.id,
        design: null,
        layers: [],
        side: sides[0] ?? '',
        colour: colours[0] ?? '',
      });
    }
  }, [actions, colours, product.id, saved, saveMutation, signedIn, sides]);

  const blank = ready ? blankFor(product, side, colour) : null;
  const sideLayers = layers.filter((layer) => layer.side === side);
  const selected = sideLayers.find((layer) => layer.id === selectedId) ?? null;

  const warnings = useMemo(() => {
    const found = new Map<string, LayerWarnings>();
    for (const layer of layers) {
      const area = blankFor(product, layer.side, colour)?.area;
      if (area) found.set(layer.id, layerWarnings(layer, area));
    }
    return found;
  }, [layers, product, colour]);

  useShortcuts(ready && !saveOpen && job === null);

  const returnPath = designPath(base, { product: product.id, design });

  const initialChoices: SaveChoices =
    saveMutation.variables ??
    (saved
      ? { title: saved.title, colors: saved.colors, sizes: saved.sizes }
      : {
          title: t('design.save.defaultName', { title }),
          colors: colour ? [colour] : colours.slice(0, 1),
          sizes: [],
        });

  const save = (wanted: SaveChoices) => {
    if (signedIn) {
      saveMutation.mutate(wanted);
      return;
    }
    if (!keepDraft({ document: currentDocument(product.id), save: wanted })) {
      feedback.error(t('design.save.storageFull'));
      return;
    }
    void navigate(loginPath(returnPath));
  };

  const goToLogin = () => {
    keepDraft({ document: currentDocument(product.id), save: null });
    void navigate(loginPath(returnPath));
  };

  if (!ready) return null;

  if (sides.length === 0 || !blank) {
    return <Result status="warning" title={t('design.editor.noPrintArea')} />;
  }

  const sideLabel = printAreaName;

  const addImage = (artwork: Artwork) => {
    const size = fitInArea(
      blank.area,
      { width: artwork.naturalWidth, height: artwork.naturalHeight },
      NEW_ARTWORK_FRACTION,
    );
    const layer: DesignLayer = {
      id: newLayerId(),
      kind: 'image',
      side,
      url: artwork.url,
      naturalWidth: artwork.naturalWidth,
      naturalHeight: artwork.naturalHeight,
      ...centredIn(blank.area, size),
      ...size,
      rotation: 0,
      opacity: 1,
      locked: false,
    };
    if (!actions.add(layer)) feedback.warning(t('design.add.full', { max: DESIGN_LAYERS_MAX }));
  };

  const addText = () => {
    const style = {
      text: t('design.add.defaultText'),
      fontFamily: DESIGN_FONTS[0],
      fontSize: Math.round(areaSizeMm(blank.area).height * NEW_TEXT_FRACTION),
      fontWeight: 'bold' as const,
      curve: 0,
    };
    const box = textBox(style);
    const layer: DesignLayer = {
      id: newLayerId(),
      kind: 'text',
      side,
      ...style,
      ...box,
      ...centredIn(blank.area, box),
      fill: NEW_TEXT_FILL,
      align: 'center',
      rotation: 0,
      opacity: 1,
      locked: false,
    };
    if (!actions.add(layer)) feedback.warning(t('design.add.full', { max: DESIGN_LAYERS_MAX }));
  };

  const change = (id: string, patch: LayerPatch, mergeKey?: string) =>
    actions.update(id, patch, mergeKey);

  const restyle = (patch: Partial<TextLayer>, mergeKey?: string) => {
    if (selected?.kind !== 'text') return;
    const { id: _id, kind: _kind, side: _side, ...next } = restyleText(selected, patch);
    actions.update(selected.id, next, mergeKey);
  };

  const zoomBy = (direction: 'in' | 'out' | 'fit') =>
    setZoom((current) =>
      direction === 'fit'
        ? 1
        : Math.min(
            ZOOM_MAX,
            Math.max(ZOOM_MIN, current * (direction === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP)),
          ),
    );

  return (
    <div className="design-editor">
      <div className="design-editor__bar">
        <Link to={base} className="library-back">
          <ArrowLeftOutlined /> {t('design.editor.back')}
        </Link>
        <Typography.Title level={1} className="design-editor__title">
          {title}
        </Typography.Title>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={layers.length === 0}
          loading={saveMutation.isPending}
          onClick={() => setSaveOpen(true)}
        >
          {t('design.save.action')}
        </Button>
      </div>
      <div className="design-editor__choices">
        <Space wrap>
          <span className="design-editor__label">{t('design.editor.sides')}</span>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={side}
            aria-label={t('design.editor.sides')}
            onChange={(event) => actions.setSide(String(event.target.value))}
            options={sides.map((name) => ({ value: name, label: sideLabel(name) }))}
          />
        </Space>
        {colours.length > 0 && (
          <Space wrap>
            <span className="design-editor__label">{t('design.editor.colour')}</span>
            <Radio.Group
              optionType="button"
              value={colour}
              aria-label={t('design.editor.colour')}
              onChange={(event) => actions.setColour(String(event.target.value))}
              options={colours.map((name) => ({
                value: name,
                label: (
                  <span className="design-swatch">
                    <span
                      className="design-swatch__dot"
                      style={{ background: swatchColour(name) }}
                      aria-hidden
                    />
                    {name}
                  </span>
                ),
              }))}
            />
          </Space>
        )}
      </div>
      <div className="design-editor__body">
        <Card size="small" title={t('design.add.title')} className="design-editor__tools">
          <AddPanel
            signedIn={signedIn}
            onAddImage={addImage}
            onAddText={addText}
            onLogin={goToLogin}
          />
        </Card>
        <section className="design-editor__stage">
          <DesignToolbar
            selected={selected}
            canUndo={canUndo}
            canRedo={canRedo}
            onUndo={actions.undo}
            onRedo={actions.redo}
            onZoom={zoomBy}
            onCentre={() => selected && change(selected.id, centredIn(blank.area, selected))}
            onRestack={(move) => selected && actions.restack(selected.id, move)}
            onDuplicate={() => selected && actions.duplicate(selected.id)}
            onDelete={() => selected && actions.remove(selected.id)}
            onToggleLock={() => selected && actions.toggleLock(selected.id)}
          />
          <DesignCanvas
            blank={blank}
            layers={sideLayers}
            selectedId={selectedId}
            zoom={zoom}
            label={t('design.editor.canvas', { side: sideLabel(side) })}
            onSelect={actions.select}
            onChange={change}
          />
          <Typography.Paragraph type="secondary" className="design-editor__hint">
            {t('design.toolbar.shortcuts')}
          </Typography.Paragraph>
        </section>
        <div className="design-editor__panel">
          <Card size="small" title={t('design.warnings.title')}>
            <WarningsPanel layers={layers} warnings={warnings} sideLabel={sideLabel} />
          </Card>
          <Card size="small" title={t('design.layers.title')}>
            <LayersPanel
              layers={sideLayers}
              allLayers={layers}
              selectedId={selectedId}
              warnings={warnings}
              onSelect={actions.select}
              onToggleLock={actions.toggleLock}
            />
          </Card>
          <Card size="small" title={t('design.props.title')}>
            <PropertiesPanel
              layer={selected}
              onChange={(patch, mergeKey) => selected && change(selected.id, patch, mergeKey)}
              onRestyle={restyle}
            />
          </Card>
        </div>
      </div>
      <SaveDialog
        open={saveOpen}
        signedIn={signedIn}
        colours={colours}
        sizes={sizes}
        initial={initialChoices}
        pending={saveMutation.isPending}
        error={saveMutation.error}
        onSubmit={save}
        onCancel={() => setSaveOpen(false)}
      />
      {job && (
        <JobDialog
          jobId={job.job_id}
          finishedProductId={job.finished_product_id}
          onClose={() => setJob(null)}
        />
      )}
    </div>
  );
}
