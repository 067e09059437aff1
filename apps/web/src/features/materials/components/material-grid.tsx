import type { DragEvent, KeyboardEvent } from 'react';
import { Button, Checkbox, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExpandOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEDIA_NAME_MAX, type MaterialItem } from '@app/shared';
import { formatBytes } from '../../../shared/format-bytes.ts';
import { DRAG_TYPE } from './folder-panel.tsx';

interface MaterialGridProps {
  items: MaterialItem[];
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  editingId: number | null;
  onEdit: (id: number | null) => void;
  onRename: (item: MaterialItem, name: string) => void;
  onDelete: (item: MaterialItem) => void;
  onDownload: (ids: number[]) => void;
  can: { update: boolean; delete: boolean; move: boolean; download: boolean };
}

/**
 * Material cards. Each card is focusable: Space selects it, Enter renames it, Delete asks to
 * delete it; dragging a card (with the rest of the selection) onto a folder moves them.
 */
export function MaterialGrid(props: MaterialGridProps) {
  const { items, selected, onToggle, editingId, onEdit, onRename, onDelete, onDownload, can } =
    props;
  const { t } = useTranslation();

  const onKeyDown = (item: MaterialItem) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') {
      event.preventDefault();
      onToggle(item.id);
    } else if ((event.key === 'Enter' || event.key === 'F2') && can.update) {
      event.preventDefault();
      onEdit(item.id);
    } else if (event.key === 'Delete' && can.delete) {
      event.preventDefault();
      onDelete(item);
    }
  };

  const onDragStart = (item: MaterialItem) => (event: DragEvent<HTMLDivElement>) => {
    const ids = selected.has(item.id) ? [...selected] : [item.id];
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(ids));
    event.dataTransfer.effectAllowed = 'move';
  };

  return (
    <div className="materials-grid" role="list">
      {items.map((item) => {
        const isSelected = selected.has(item.id);
        return (
          <div
            key={item.id}
            role="listitem"
            tabIndex={0}
            aria-label={item.original_name}
            title={t('materials.cardHint')}
            className={`materials-card${isSelected ? ' is-selected' : ''}`}
            draggable={can.move && editingId !== item.id}
            onDragStart={onDragStart(item)}
            onKeyDown={onKeyDown(item)}
          >
            <div className="materials-thumb">
              <img src={item.thumb_url ?? item.url} alt={item.original_name} loading="lazy" />
              <Checkbox
                className="materials-check"
                checked={isSelected}
                onChange={() => onToggle(item.id)}
                aria-label={t('materials.select', { name: item.original_name })}
              />
              <span className="materials-card-actions">
                <Tooltip title={t('materials.open')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ExpandOutlined />}
                    href={item.url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('materials.open')}
                  />
                </Tooltip>
                {can.download && (
                  <Tooltip title={t('materials.download')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={t('materials.download')}
                      onClick={() => onDownload([item.id])}
                    />
                  </Tooltip>
                )}
                {can.delete && (
                  <Tooltip title={t('materials.delete')}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('materials.delete')}
                      onClick={() => onDelete(item)}
                    />
                  </Tooltip>
                )}
              </span>
            </div>
            <div className="materials-card-body">
              <Typography.Text
                className="materials-name"
                ellipsis={editingId === item.id ? false : { tooltip: item.original_name }}
                editable={
                  can.update
                    ? {
                        editing: editingId === item.id,
                        maxLength: MEDIA_NAME_MAX,
                        tooltip: t('materials.rename'),
                        onStart: () => onEdit(item.id),
                        onCancel: () => onEdit(null),
                        onChange: (name) => {
                          onEdit(null);
                          if (name.trim() && name !== item.original_name) onRename(item, name);
                        },
                      }
                    : false
                }
              >
                {item.original_name}
              </Typography.Text>
              <div className="materials-meta">
                <Typography.Text type="secondary">
                  {item.width && item.height
                    ? t('materials.dimensions', { width: item.width, height: item.height })
                    : ''}{' '}
                  · {formatBytes(item.bytes)}
                </Typography.Text>
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
