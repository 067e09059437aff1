import { Divider } from 'antd';
import {
  AimOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  LockOutlined,
  RedoOutlined,
  UndoOutlined,
  UnlockOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignLayer } from '@app/shared';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

interface DesignToolbarProps {
  selected: DesignLayer | null;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onZoom: (direction: 'in' | 'out' | 'fit') => void;
  onCentre: () => void;
  onRestack: (move: 'forward' | 'backward') => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onToggleLock: () => void;
}

export function DesignToolbar({
  selected,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  onZoom,
  onCentre,
  onRestack,
  onDuplicate,
  onDelete,
  onToggleLock,
}: DesignToolbarProps) {
  const { t } = useTranslation();
  const none = selected === null;
  const fixed = none || selected.locked;
  return (
    <div className="design-toolbar" role="toolbar" aria-label={t('design.toolbar.shortcuts')}>
      <IconAction
        size="middle"
        label={t('design.toolbar.undo')}
        icon={<UndoOutlined />}
        disabled={!canUndo}
        onClick={onUndo}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.redo')}
        icon={<RedoOutlined />}
        disabled={!canRedo}
        onClick={onRedo}
      />
      <Divider orientation="vertical" />
      <IconAction
        size="middle"
        label={t('design.toolbar.zoomOut')}
        icon={<ZoomOutOutlined />}
        onClick={() => onZoom('out')}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.zoomIn')}
        icon={<ZoomInOutlined />}
        onClick={() => onZoom('in')}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.zoomFit')}
        icon={<ExpandOutlined />}
        onClick={() => onZoom('fit')}
      />
      <Divider orientation="vertical" />
      <IconAction
        size="middle"
        label={t('design.toolbar.centre')}
        icon={<AimOutlined />}
        disabled={fixed}
        onClick={onCentre}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.forward')}
        icon={<ArrowUpOutlined />}
        disabled={none}
        onClick={() => onRestack('forward')}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.backward')}
        icon={<ArrowDownOutlined />}
        disabled={none}
        onClick={() => onRestack('backward')}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.duplicate')}
        icon={<CopyOutlined />}
        disabled={none}
        onClick={onDuplicate}
      />
      <IconAction
        size="middle"
        label={selected?.locked ? t('design.toolbar.unlock') : t('design.toolbar.lock')}
        icon={selected?.locked ? <LockOutlined /> : <UnlockOutlined />}
        disabled={none}
        onClick={onToggleLock}
      />
      <IconAction
        size="middle"
        label={t('design.toolbar.delete')}
        icon={<DeleteOutlined />}
        disabled={fixed}
        danger
        onClick={onDelete}
      />
    </div>
  );
}
