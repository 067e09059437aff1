import { Button, Upload } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FINISHED_IMAGES_MAX, type Envelope, type UploadedFile } from '@app/shared';
import { API_BASE, domainHeader } from '../../../api/client.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';
import { feedback } from '../../../shared/feedback.ts';
import { ProductImage } from '../../goods-library/index.ts';
import { IconAction } from '../../../shared/ui/icon-action.tsx';

export interface ImageValue {
  url: string;
  kind: 'image' | 'mockup';
  color: string;
}

interface ImageListFieldProps {
  value?: ImageValue[];
  onChange?: (value: ImageValue[]) => void;
}

/** The product's pictures in order: move up or down, remove, add by upload (the first is the cover). */
export function ImageListField({ value = [], onChange }: ImageListFieldProps) {
  const { t } = useTranslation();
  const token = useAuthStore((s) => s.token);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [picked] = next.splice(from, 1);
    next.splice(to, 0, picked!);
    onChange?.(next);
  };

  return (
    <div className="goods-images">
      <ol className="goods-images__list">
        {value.map((image, index) => (
          <li key={`${image.url}-${index}`} className="goods-images__item">
            <ProductImage
              src={image.url}
              alt={t('goods.edit.imageAlt', { index: index + 1 })}
              className="goods-images__picture"
            />
            <div className="goods-images__tools">
              <IconAction
                label={t('goods.edit.moveUp')}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <IconAction
                label={t('goods.edit.moveDown')}
                icon={<ArrowDownOutlined />}
                disabled={index === value.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <IconAction
                danger
                label={t('goods.edit.removeImage')}
                icon={<DeleteOutlined />}
                onClick={() => onChange?.(value.filter((_, i) => i !== index))}
              />
            </div>
          </li>
        ))}
      </ol>
      {/* The upload route takes the token from the query (spec 7), as a browser form post would. */}
      <Upload<Envelope<UploadedFile>>
        name="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        action={`${API_BASE}/common/upload-single?token=${encodeURIComponent(token ?? '')}`}
        headers={{ 'x-domain': domainHeader() }}
        showUploadList={false}
        disabled={value.length >= FINISHED_IMAGES_MAX}
        onChange={({ file }) => {
          if (file.status === 'done' && file.response?.code === 0) {
            onChange?.([...value, { url: file.response.data.url, kind: 'image', color: '' }]);
          } else if (file.status === 'done' || file.status === 'error') {
            feedback.error(file.response?.message ?? t('goods.edit.uploadFailed'));
          }
        }}
      >
        <Button icon={<UploadOutlined />} disabled={value.length >= FINISHED_IMAGES_MAX}>
          {t('goods.edit.addImage', { count: value.length, max: FINISHED_IMAGES_MAX })}
        </Button>
      </Upload>
    </div>
  );
}
