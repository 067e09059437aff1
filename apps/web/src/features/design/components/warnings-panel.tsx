import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { MIN_ARTWORK_DPI, type DesignLayer } from '@app/shared';
import type { LayerWarnings } from '../warnings.ts';
import { layerName } from './layer-name.ts';

interface WarningsPanelProps {
  layers: DesignLayer[];
  warnings: ReadonlyMap<string, LayerWarnings>;
  sideLabel: (side: string) => string;
}

/** Every side's problems at once, so a blurry logo on the back is not missed from the front. */
export function WarningsPanel({ layers, warnings, sideLabel }: WarningsPanelProps) {
  const { t } = useTranslation();
  const imageWord = t('design.layers.image');
  const lines = layers.flatMap((layer) => {
    const warning = warnings.get(layer.id);
    if (!warning) return [];
    const name = `${layerName(layer, layers, imageWord)} (${sideLabel(layer.side)})`;
    return [
      ...(warning.lowDpi !== null
        ? [
            t('design.warnings.lowDpi', {
              name,
              dpi: warning.lowDpi,
              min: MIN_ARTWORK_DPI,
            }),
          ]
        : []),
      ...(warning.outside ? [t('design.warnings.outside', { name })] : []),
    ];
  });
  if (lines.length === 0) {
    return <Alert type="success" showIcon title={t('design.warnings.none')} />;
  }
  return (
    <div className="design-warnings" role="status">
      {lines.map((line) => (
        <Alert key={line} type="warning" showIcon title={line} />
      ))}
    </div>
  );
}
