import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface ProductImageProps {
  src: string | null;
  alt: string;
  className?: string;
  onLoad?: (image: HTMLImageElement) => void;
}

/** A product picture that turns into a quiet placeholder when the URL is missing or fails. */
export function ProductImage({ src, alt, className, onLoad }: ProductImageProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const classes = ['product-image', className].filter(Boolean).join(' ');
  if (!src || failed === src) {
    return (
      <div className={`${classes} product-image--empty`} role="img" aria-label={alt}>
        <PictureOutlined aria-hidden />
        <span>{t('goodsLibrary.noImage')}</span>
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(src)}
      onLoad={(event) => onLoad?.(event.currentTarget)}
    />
  );
}
