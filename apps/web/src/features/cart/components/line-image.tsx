import { useState } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A line's thumbnail, or a quiet placeholder when there is none or it fails to load. */
export function LineImage({ src, alt }: { src: string | null; alt: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className="cart-thumb cart-thumb--empty" role="img" aria-label={t('cart.noImage')}>
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  return (
    <img
      className="cart-thumb"
      src={src}
      alt={alt}
      loading="lazy"
      width={56}
      height={56}
      onError={() => setFailed(src)}
    />
  );
}
