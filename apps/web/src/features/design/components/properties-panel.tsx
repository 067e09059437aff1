import { Checkbox, Input, InputNumber, Radio, Select, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DESIGN_TEXT_MAX, effectiveDpi, type DesignLayer, type TextLayer } from '@app/shared';
import { TEXT_CURVE_MAX } from '@app/shared';
import type { LayerPatch } from '../document-store.ts';
import { DESIGN_FONTS } from '../text-box.ts';

interface PropertiesPanelProps {
  layer: DesignLayer | null;
  /** Plain changes; `mergeKey` folds a run of edits of one field into one undo step. */
  onChange: (patch: LayerPatch, mergeKey?: string) => void;
  /** Changes to the words or style of text, whose box then follows the text. */
  onRestyle: (patch: Partial<TextLayer>, mergeKey?: string) => void;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function PropertiesPanel({ layer, onChange, onRestyle }: PropertiesPanelProps) {
  const { t } = useTranslation();
  if (!layer) return <Typography.Text type="secondary">{t('design.props.none')}</Typography.Text>;
  const key = (field: string) => `${layer.id}:${field}`;
  return (
    <div className="design-props">
      {layer.kind === 'text' && <TextFields layer={layer} onRestyle={onRestyle} mergeKey={key} />}
      {layer.kind === 'image' && (
        <>
          <Typography.Text type="secondary">
            {t('design.props.dpi', { dpi: Math.round(effectiveDpi(layer)) })}
          </Typography.Text>
          <div className="design-props__pair">
            <label>
              <span>{t('design.props.width')}</span>
              <InputNumber
                aria-label={t('design.props.width')}
                min={1}
                max={4000}
                value={round(layer.width)}
                disabled={layer.locked}
                onChange={(width) => {
                  if (!width) return;
                  // Artwork keeps its proportions; stretching it is done on the canvas.
                  const height = (layer.height * width) / layer.width;
                  onChange({ width, height, x: layer.x + (layer.width - width) / 2 });
                }}
              />
            </label>
            <label>
              <span>{t('design.props.height')}</span>
              <InputNumber
                aria-label={t('design.props.height')}
                value={round(layer.height)}
                disabled
              />
            </label>
          </div>
        </>
      )}
      <label className="design-props__field">
        <span>{t('design.props.rotation')}</span>
        <InputNumber
          aria-label={t('design.props.rotation')}
          min={-180}
          max={180}
          value={round(layer.rotation)}
          disabled={layer.locked}
          onChange={(rotation) => rotation !== null && onChange({ rotation }, key('rotation'))}
        />
      </label>
      <label className="design-props__field">
        <span>{t('design.props.opacity')}</span>
        <Slider
          aria-label={t('design.props.opacity')}
          min={0.1}
          max={1}
          step={0.05}
          value={layer.opacity}
          onChange={(opacity) => onChange({ opacity }, key('opacity'))}
        />
      </label>
    </div>
  );
}

function TextFields({
  layer,
  onRestyle,
  mergeKey,
}: {
  layer: TextLayer;
  onRestyle: PropertiesPanelProps['onRestyle'];
  mergeKey: (field: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="design-props__field">
        <span>{t('design.props.text')}</span>
        <Input.TextArea
          aria-label={t('design.props.text')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={DESIGN_TEXT_MAX}
          value={layer.text}
          onChange={(event) =>
            event.target.value.trim() && onRestyle({ text: event.target.value }, mergeKey('text'))
          }
        />
      </label>
      <label className="design-props__field">
        <span>{t('design.props.font')}</span>
        <Select
          aria-label={t('design.props.font')}
          value={layer.fontFamily}
          options={DESIGN_FONTS.map((font) => ({
            value: font,
            label: <span style={{ fontFamily: font }}>{font}</span>,
          }))}
          onChange={(fontFamily) => onRestyle({ fontFamily })}
        />
      </label>
      <div className="design-props__pair">
        <label>
          <span>{t('design.props.size')}</span>
          <InputNumber
            aria-label={t('design.props.size')}
            min={1}
            max={500}
            value={round(layer.fontSize)}
            onChange={(fontSize) => fontSize && onRestyle({ fontSize }, mergeKey('size'))}
          />
        </label>
        <label>
          <span>{t('design.props.fill')}</span>
          <input
            type="color"
            className="design-props__colour"
            aria-label={t('design.props.fill')}
            value={layer.fill}
            onChange={(event) => onRestyle({ fill: event.target.value }, mergeKey('fill'))}
          />
        </label>
      </div>
      <Checkbox
        checked={layer.fontWeight === 'bold'}
        onChange={(event) => onRestyle({ fontWeight: event.target.checked ? 'bold' : 'normal' })}
      >
        {t('design.props.bold')}
      </Checkbox>
      <div className="design-props__field">
        <span>{t('design.props.align')}</span>
        <Radio.Group
          size="small"
          optionType="button"
          value={layer.align}
          aria-label={t('design.props.align')}
          onChange={(event) => onRestyle({ align: event.target.value as TextLayer['align'] })}
          options={[
            { value: 'left', label: t('design.props.alignLeft') },
            { value: 'center', label: t('design.props.alignCenter') },
            { value: 'right', label: t('design.props.alignRight') },
          ]}
        />
      </div>
      <label className="design-props__field">
        <span>{t('design.props.curve')}</span>
        <Slider
          aria-label={t('design.props.curve')}
          min={-TEXT_CURVE_MAX}
          max={TEXT_CURVE_MAX}
          value={layer.curve}
          onChange={(curve) => onRestyle({ curve }, mergeKey('curve'))}
        />
      </label>
    </>
  );
}
