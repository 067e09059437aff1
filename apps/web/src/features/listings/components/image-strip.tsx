import { useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LISTING_IMAGES_MAX } from '@app/shared';
import { issueExtra, type IssuesFor } from './field-issues.tsx';
import { ImagePicker } from './image-picker.tsx';

/**
 * The listing's images as a row, the main image first: each moves left or right with its
 * buttons (so the order is keyboard-reachable without dragging) or is removed; "Add" opens
 * the picker. A Form.Item control: `value` / `onChange`.
 */
export function ImageStrip({
  goodsId,
  issuesFor,
  value = [],
  onChange,
}: {
  goodsId: number | null;
  issuesFor: IssuesFor;
  value?: string[];
  onChange?: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const set = (next: string[]) => onChange?.(next);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url!);
    set(next);
  };
  return (
    <div className="listings-images">
      <ol className="listings-images__list" aria-label={t('listings.editor.images.label')}>
        {value.map((url, i) => {
          const label = i === 0 ? t('listings.editor.images.main') : String(i + 1);
          return (
            <li key={url} className="listings-images__item" data-testid="listing-image">
              <img src={url} alt={t('listings.editor.images.alt', { index: i + 1 })} />
              <Tag className="listings-images__badge" color={i === 0 ? 'blue' : undefined}>
                {label}
              </Tag>
              <Space size={0} className="listings-images__tools">
                <Tooltip title={t('listings.editor.images.left')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<LeftOutlined />}
                    disabled={i === 0}
                    aria-label={t('listings.editor.images.moveLeft', { index: i + 1 })}
                    onClick={() => move(i, i - 1)}
                  />
                </Tooltip>
                <Tooltip title={t('listings.editor.images.right')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<RightOutlined />}
                    disabled={i === value.length - 1}
                    aria-label={t('listings.editor.images.moveRight', { index: i + 1 })}
                    onClick={() => move(i, i + 1)}
                  />
                </Tooltip>
                <Tooltip title={t('listings.editor.images.remove')}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('listings.editor.images.removeOne', { index: i + 1 })}
                    onClick={() => set(value.filter((_, n) => n !== i))}
                  />
                </Tooltip>
              </Space>
              {issueExtra(issuesFor, `images.${i}`)}
            </li>
          );
        })}
        {value.length < LISTING_IMAGES_MAX && (
          <li>
            <Button
              className="listings-images__add"
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => setPicking(true)}
            >
              {t('listings.editor.images.add')}
            </Button>
          </li>
        )}
      </ol>
      <div className="listings-images__hint">
        {t('listings.editor.images.hint', { count: value.length, max: LISTING_IMAGES_MAX })}
      </div>
      <ImagePicker
        open={picking}
        goodsId={goodsId}
        chosen={value}
        max={LISTING_IMAGES_MAX}
        onPick={(url) => set([...value, url])}
        onClose={() => setPicking(false)}
      />
    </div>
  );
}
