import { Button, Empty, Tag, Tooltip } from 'antd';
import { FontSizeOutlined, LockOutlined, PictureOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignLayer } from '@app/shared';
import type { LayerWarnings } from '../warnings.ts';
import { layerName } from './layer-name.ts';

interface LayersPanelProps {
  /** The side's layers, bottom to top; listed top first as in other editors. */
  layers: DesignLayer[];
  allLayers: DesignLayer[];
  selectedId: string | null;
  warnings: ReadonlyMap<string, LayerWarnings>;
  onSelect: (id: string) => void;
  onToggleLock: (id: string) => void;
}

export function LayersPanel({
  layers,
  allLayers,
  selectedId,
  warnings,
  onSelect,
  onToggleLock,
}: LayersPanelProps) {
  const { t } = useTranslation();
  if (layers.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('design.layers.empty')} />;
  }
  return (
    <ul className="design-layers" aria-label={t('design.layers.title')}>
      {[...layers].reverse().map((layer) => {
        const name = layerName(layer, allLayers, t('design.layers.image'));
        const warning = warnings.get(layer.id);
        return (
          <li key={layer.id} className={layer.id === selectedId ? 'is-selected' : undefined}>
            <button
              type="button"
              className="design-layers__pick"
              aria-pressed={layer.id === selectedId}
              aria-label={t('design.layers.select', { name })}
              onClick={() => onSelect(layer.id)}
            >
              {layer.kind === 'image' ? <PictureOutlined /> : <FontSizeOutlined />}
              <span className="design-layers__name">{name}</span>
            </button>
            {warning?.lowDpi != null && (
              <Tag color="warning">{t('design.warnings.lowDpiBadge', { dpi: warning.lowDpi })}</Tag>
            )}
            {warning?.outside && <Tag color="error">{t('design.warnings.outsideBadge')}</Tag>}
            <Tooltip title={layer.locked ? t('design.toolbar.unlock') : t('design.toolbar.lock')}>
              <Button
                type="text"
                size="small"
                aria-label={layer.locked ? t('design.toolbar.unlock') : t('design.toolbar.lock')}
                icon={layer.locked ? <LockOutlined /> : <UnlockOutlined />}
                onClick={() => onToggleLock(layer.id)}
              />
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
